// Types of eslint/layers.js for the TypeScript tests that read the layer table.
export declare const areas: readonly string[];
export declare const sharedClientLayers: Readonly<Record<string, readonly string[]>>;
export declare const clientLayers: readonly string[];
export declare const clientAllowed: Readonly<Record<string, readonly string[]>>;
export declare const repositoryLayers: Readonly<
  Record<string, { readonly mayImport: readonly string[]; readonly message: string }>
>;
export declare const layers: readonly string[];
export declare function mayImport(from: string, to: string): boolean;
export declare function restrictedPathZones(): {
  target: string;
  from: string[];
  except?: string[];
  message: string;
}[];
