export interface PhotoReference {
  hash: string;
  thumbnailHash: string;
  width: number;
  height: number;
  bytes: number;
  type: 'image/jpeg' | 'image/webp';
  hidden: boolean;
}
export const photoReferenceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['hash', 'thumbnailHash', 'width', 'height', 'bytes', 'type', 'hidden'],
  properties: {
    hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    thumbnailHash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    width: { type: 'integer', minimum: 1, maximum: 1600 },
    height: { type: 'integer', minimum: 1, maximum: 1600 },
    bytes: { type: 'integer', minimum: 1, maximum: 10485760 },
    type: { type: 'string', enum: ['image/jpeg', 'image/webp'] },
    hidden: { type: 'boolean' },
  },
} as const;
