/**
 * The photo worker: prepares the images the main thread sends (prepare-image.ts) and answers
 * each request with the prepared bytes (transferred, not copied) or the error's message.
 */
import { prepareImage } from './prepare-image.ts';

/** A request: the images to prepare, and an id the answer repeats. */
export interface PhotoWorkerRequest {
  id: number;
  images: Blob[];
}

/** The answer to one request. */
export type PhotoWorkerAnswer =
  | { id: number; prepared: Awaited<ReturnType<typeof prepareImage>>[] }
  | { id: number; error: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PhotoWorkerRequest>) => void) | null;
  postMessage(message: PhotoWorkerAnswer, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { id, images } = event.data;
  void (async () => {
    try {
      const prepared = [];
      // One at a time: two decoded 12-megapixel photos at once could exhaust a phone's memory.
      for (const image of images) prepared.push(await prepareImage(image));
      scope.postMessage(
        { id, prepared },
        prepared.flatMap(({ full, thumbnail }) => [full.data, thumbnail.data]),
      );
    } catch (error) {
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  })();
};
