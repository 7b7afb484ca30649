/**
 * Name of the service worker's cache that keeps the offline speech model files (GET /models/…)
 * for use without signal; the page reads it to tell whether the model is on the device and
 * deletes it when the rider removes the model.
 */
export const speechModelCacheName = 'speech-models';
