/**
 * Offline Whisper speech worker (requirements §voice-7.1): transformers.js
 * automatic-speech-recognition on onnxruntime-web's wasm backend, loading an English Whisper
 * model only from this app's `/models/<modelId>/` (never a model hub) and the runtime's wasm from
 * this app's own build. The protocol lives in speech-protocol.ts.
 */
/// <reference lib="webworker" />
import { env, pipeline, type ProgressInfo } from '@huggingface/transformers';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import ortFactoryUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import {
  createSpeechWorkerHandler,
  type SpeechWorkerResponse,
  type TranscriberLoader,
} from './speech-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

// Models come from this server only. The service worker's "speech-models" cache keeps them for
// use without signal; transformers.js's own Cache API copy would store the same files twice.
env.allowRemoteModels = false;
env.allowLocalModels = true;
env.useBrowserCache = false;
const onnxWasm = env.backends.onnx.wasm;
if (onnxWasm) {
  // Without this transformers.js fetches the runtime from a CDN, which riders cannot reach.
  onnxWasm.wasmPaths = { wasm: ortWasmUrl, mjs: ortFactoryUrl };
  // Cross-origin isolation is not required by the app, so stay single-threaded.
  onnxWasm.numThreads = 1;
}

const loadTranscriber: TranscriberLoader = async (request, onProgress) => {
  env.localModelPath = new URL(request.modelsBaseUrl, self.location.origin).href;
  const recognizer = await pipeline('automatic-speech-recognition', request.modelId, {
    dtype: request.dtype,
    device: 'wasm',
    local_files_only: true,
    progress_callback: (info: ProgressInfo) => {
      if (info.status === 'progress_total') onProgress(info.progress / 100);
    },
  });
  return async (audio) => {
    const output = await recognizer(audio);
    const results = Array.isArray(output) ? output : [output];
    return results.map((result) => result.text).join(' ');
  };
};

const handle = createSpeechWorkerHandler({
  loadTranscriber,
  post: (message: SpeechWorkerResponse) => self.postMessage(message),
});

self.onmessage = (event: MessageEvent<unknown>) => {
  void handle(event.data);
};
