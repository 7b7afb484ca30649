/**
 * The Show & Ask camera overlay (requirements §voice-2.7, §voice-4.1 "Camera", §voice-9 camera
 * constants): rear camera at an ideal 1280×720, a live preview, "Capture & Ask" (JPEG at quality
 * 0.8, then the camera stops and the photo goes to the realtime session) and Cancel. Camera
 * failures report the §voice-8 texts.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Camera, X } from 'lucide-react';
import { cameraErrorText } from '../lib/voice/browser-speech.ts';

/** §voice-9: JPEG quality of the captured photo. */
export const CAPTURE_JPEG_QUALITY = 0.8;

/** Props: onCapture gets a data:image/jpeg URL; onError a §voice-8 camera text. */
export interface CameraCaptureProps {
  onCapture: (imageDataUrl: string) => void;
  onCancel: () => void;
  onError: (message: string) => void;
}

/** The capture overlay; the camera runs only while it is mounted. */
export function CameraCapture({ onCapture, onCancel, onError }: CameraCaptureProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const stop = () => {
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
      streamRef.current = null;
    };
    if (!navigator.mediaDevices?.getUserMedia) {
      onError(cameraErrorText(null));
      return stop;
    }
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      })
      .then(
        (stream) => {
          if (cancelled) {
            for (const track of stream.getTracks()) track.stop();
            return;
          }
          streamRef.current = stream;
          if (videoRef.current) {
            videoRef.current.srcObject = stream;
            void videoRef.current.play().catch(() => undefined);
          }
          setReady(true);
        },
        (error: unknown) => {
          if (!cancelled) onError(cameraErrorText(error));
        },
      );
    return () => {
      cancelled = true;
      stop();
    };
  }, [onError]);

  const capture = () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    const imageDataUrl = canvas.toDataURL('image/jpeg', CAPTURE_JPEG_QUALITY);
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    onCapture(imageDataUrl);
  };

  return (
    <div className="voice-camera" role="group" aria-label="Show & Ask camera">
      <video ref={videoRef} className="voice-camera__video" playsInline muted aria-hidden="true" />
      <div className="voice-camera__actions">
        <Button className="button button--primary" onPress={capture} isDisabled={!ready}>
          <Camera aria-hidden="true" size={20} />
          Capture &amp; Ask
        </Button>
        <Button className="button" onPress={onCancel} aria-label="Cancel photo">
          <X aria-hidden="true" size={20} />
          Cancel
        </Button>
      </div>
    </div>
  );
}
