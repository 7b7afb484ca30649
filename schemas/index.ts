/**
 * Every collection schema by collection name: what RxDB opens on the device and the server
 * validates against, read from the collection descriptors (schemas/collections/), which hold
 * everything else both sides know of each collection.
 */
import { collectionDescriptors, type CollectionName } from './collections/index.ts';

export type { CollectionName } from './collections/index.ts';

export const collectionSchemas = Object.fromEntries(
  Object.entries(collectionDescriptors).map(([name, descriptor]) => [name, descriptor.schema]),
) as { [Name in CollectionName]: (typeof collectionDescriptors)[Name]['schema'] };
