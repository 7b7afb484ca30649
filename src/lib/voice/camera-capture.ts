/**
 * Camera for "Show & Ask" (requirements §voice-2.7, §voice-4.1, §voice-8, §voice-9): the rear
 * camera at an ideal 1280x720, one frame as a JPEG data URL at quality 0.8, which the realtime
 * session sends with its fixed question.
 */

/** §voice-9 camera request: ideal 1280x720, rear-facing. */
export const cameraConstraints: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
};

/** §voice-9 JPEG quality. */
export const jpegQuality = 0.8;

/** §voice-8 camera texts. */
export const cameraErrors = {
  denied: 'Camera access denied',
  other: 'Failed to access camera',
  readFile: 'Failed to read image file',
} as const;

/** Opens the rear camera; rejects with a §voice-8 camera text. */
export async function openCamera(
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices,
): Promise<MediaStream> {
  if (!mediaDevices?.getUserMedia) throw new Error(cameraErrors.other);
  try {
    return await mediaDevices.getUserMedia(cameraConstraints);
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : '';
    throw new Error(
      name === 'NotAllowedError' || name === 'SecurityError'
        ? cameraErrors.denied
        : cameraErrors.other,
    );
  }
}

/**
 * The video's current frame as a JPEG data URL (quality 0.8), at the video's own size. Throws
 * 'Failed to access camera' when no frame has arrived yet.
 */
export function captureFrame(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) throw new Error(cameraErrors.other);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', jpegQuality);
}

/** Reads a picked image file as a data URL; rejects with 'Failed to read image file'. */
export function readImageFile(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error(cameraErrors.readFile));
    reader.onerror = () => reject(new Error(cameraErrors.readFile));
    reader.readAsDataURL(file);
  });
}
