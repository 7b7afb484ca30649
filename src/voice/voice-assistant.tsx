/**
 * The floating voice assistant (requirements §voice-2.7, §voice-3.1, §voice-4.1, §voice-8): a round
 * button at the bottom right of every page, stacked above the bottom bar and the floating
 * emergency button, opening a panel with Press to talk / Stop, a text box for typed questions,
 * the transcript, the reply (spoken aloud), the offline speech model's state and errors in a red
 * card. Show & Ask (camera) is offered only online. Find-trails and navigation replies open
 * their page at once; an emergency reply only offers the emergency screen, nothing is sent by
 * itself.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import {
  Button,
  Dialog,
  DialogTrigger,
  Heading,
  Input,
  Label,
  Link,
  Modal,
  ModalOverlay,
  ProgressBar,
  TextField,
} from 'react-aria-components';
import { Camera, Mic, MicOff, Send, X } from 'lucide-react';
import { useOutdoorSettings } from '../db-react/safety-settings.ts';
import { RECOGNITION_ERRORS } from '../lib/voice/browser-speech.ts';
import { formatModelSize, meteredConnectionText } from '../lib/voice/offline-model-consent.ts';
import { offlineSpeechNotInstalledText } from '../lib/voice/offline-speech.ts';
import type { VoiceReply } from '../lib/voice/voice-answers.ts';
import type { EmergencySettings } from '../lib/outdoor/outdoor-settings.ts';
import type { VoiceActor } from '../machines/voice-machine.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { CameraCapture } from './camera-capture.tsx';
import {
  useOfflineModelConsent,
  type OfflineModelConsentControls,
} from './use-offline-model-consent.ts';
import {
  hasBrowserSpeechRecognition,
  useVoiceSession,
  type VoiceSnapshot,
} from './use-voice-session.ts';
import './voice.css';

/** Heights of the floating emergency button by size (src/safety/floating-emergency-button.css). */
const EMERGENCY_BUTTON_PX = { normal: 64, large: 72, 'extra-large': 88 } as const;

/** Room to leave below the voice button for the emergency button sharing its corner, px. */
function emergencyClearance(settings: EmergencySettings): number {
  if (!settings.alwaysShowEmergencyButton || !settings.emergencyModeEnabled) return 0;
  const atBottom = settings.emergencyPanelPosition.startsWith('bottom');
  if (!atBottom) return 0;
  if (settings.emergencyPanelMode === 'floating')
    return EMERGENCY_BUTTON_PX[settings.emergencyButtonSize] + 12;
  return 76;
}

function statusText(snapshot: VoiceSnapshot): string {
  if (snapshot.matches({ realtime: 'connecting' })) return 'Connecting…';
  if (snapshot.matches({ realtime: 'listening' })) return 'Connected: listening';
  if (snapshot.matches({ recording: 'checkingPermission' })) return 'Checking the microphone…';
  if (snapshot.matches('recording')) return 'Recording… press Stop when you are done';
  if (snapshot.matches('listening')) return 'Listening…';
  if (snapshot.matches('transcribing')) return 'Transcribing offline…';
  if (snapshot.matches('answering')) return 'Thinking…';
  if (snapshot.matches('speaking')) return 'Speaking…';
  return 'Ask about trails, campgrounds, repairs, weather, hunting or safety.';
}

/** The model's progress bar while it downloads or loads, with Cancel download. */
function OfflineSpeechProgress({ progress, cancel }: { progress: number; cancel: () => void }) {
  const percent = Math.round(progress * 100);
  return (
    <>
      <ProgressBar
        className="voice-progress"
        value={percent}
        aria-label="Offline speech model download"
      >
        {({ valueText }) => (
          <>
            <span>Getting offline speech ready… {valueText}</span>
            <div className="voice-progress__track">
              <div className="voice-progress__fill" style={{ width: `${percent}%` }} />
            </div>
          </>
        )}
      </ProgressBar>
      <Button className="button" onPress={cancel}>
        Cancel download
      </Button>
    </>
  );
}

/**
 * The model not loaded yet: the download offer with its size (nothing is fetched before the
 * rider presses it), the metered-connection question for an agreed download, or what happens
 * without signal.
 */
function OfflineSpeechOffer({
  snapshot,
  actor,
  consent,
}: {
  snapshot: VoiceSnapshot;
  actor: VoiceActor;
  consent: OfflineModelConsentControls;
}) {
  const { offline, online } = snapshot.context;
  const size = offline.modelBytes === null ? null : formatModelSize(offline.modelBytes);
  if (consent.decision === 'ask-metered') {
    return (
      <>
        <p role="alert">{meteredConnectionText} The download did not start by itself.</p>
        <Button className="button" onPress={consent.startAnyway}>
          Download anyway ({size})
        </Button>
      </>
    );
  }
  if (consent.decision === 'wait-for-signal') {
    return (
      <p>
        The offline speech model ({size}) is not on this device yet: it downloads here once you have
        signal (on a metered connection, when you say so). Typed questions work offline.
      </p>
    );
  }
  if (consent.decision === 'start' || (consent.decision === 'nothing' && size !== null)) {
    return <p>Getting offline speech ready…</p>;
  }
  if (!online) {
    return (
      <p>
        Offline speech is not on this device: download it here next time you have signal. Typed
        questions work offline.
      </p>
    );
  }
  if (size === null) {
    return (
      <>
        <p>The server has not said yet how big its offline speech model is.</p>
        <Button className="button" onPress={() => actor.send({ type: 'offline.refreshListing' })}>
          Ask the server again
        </Button>
      </>
    );
  }
  return (
    <>
      <p>
        Offline speech lets you talk to the assistant with no signal. It is not on this device, and
        nothing is downloaded until you choose to.
      </p>
      {consent.metered ? <p>{meteredConnectionText}</p> : null}
      <Button className="button" onPress={consent.agree}>
        Download offline speech model ({size})
      </Button>
    </>
  );
}

function OfflineSpeech({
  snapshot,
  actor,
  consent,
}: {
  snapshot: VoiceSnapshot;
  actor: VoiceActor;
  consent: OfflineModelConsentControls;
}) {
  const { offline, engines, online } = snapshot.context;
  if (!engines.offline) return null;
  return (
    <section className="voice-offline" aria-label="Offline speech">
      {offline.state === 'ready' ? (
        <>
          <p>Offline speech ready: you can talk without signal.</p>
          <Button className="button button--ghost" onPress={consent.remove}>
            Remove offline speech model
          </Button>
        </>
      ) : null}
      {offline.state === 'initializing' ? (
        <OfflineSpeechProgress progress={offline.progress} cancel={consent.cancel} />
      ) : null}
      {offline.state === 'not-installed' ? (
        <>
          {/* The server has no model to give: a Download button would only fail. */}
          <p>
            {offlineSpeechNotInstalledText}.{online ? '' : ' Typed questions work offline.'}
          </p>
          {/* Asking the server needs signal: never offered offline. */}
          {online ? (
            <Button
              className="button"
              onPress={() => actor.send({ type: 'offline.refreshListing' })}
            >
              Ask the server again
            </Button>
          ) : null}
        </>
      ) : null}
      {offline.state === 'not-ready' ? (
        <OfflineSpeechOffer snapshot={snapshot} actor={actor} consent={consent} />
      ) : null}
      {offline.state === 'error' ? (
        <>
          <p className="voice-error" role="alert">
            {offline.error ?? 'Failed to initialize offline speech'}
          </p>
          {online ? (
            <Button className="button" onPress={() => actor.send({ type: 'offline.install' })}>
              Try offline speech again
            </Button>
          ) : null}
          <Button className="button button--ghost" onPress={consent.remove}>
            Remove offline speech model
          </Button>
        </>
      ) : null}
    </section>
  );
}

function ReplyCard({ reply }: { reply: VoiceReply }) {
  const external = /^https?:/.test(reply.action?.href ?? '');
  return (
    <section className="voice-reply" aria-label="Reply">
      <p className="voice-reply__text">{reply.text}</p>
      {reply.action ? (
        <Link
          className={`button ${reply.intent === 'emergency_help' ? 'voice-reply__emergency' : 'button--primary'}`}
          href={reply.action.href}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {reply.action.label}
        </Link>
      ) : null}
      {reply.sources.length ? (
        <details className="voice-reply__sources">
          <summary>Sources</summary>
          <ul>
            {reply.sources.map((source) => (
              <li key={source}>{source}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** Find-trails and navigation replies open their page once, as asked, closing the panel. */
function useFollowReplyAction(
  reply: VoiceReply | null,
  close: () => void,
  followedRef: { current: VoiceReply | null },
): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!reply || !reply.action?.auto || followedRef.current === reply) return;
    followedRef.current = reply;
    close();
    void navigate({ href: reply.action.href });
  }, [reply, navigate, close, followedRef]);
}

/**
 * Press to talk / Stop (offered only when some engine can hear: browser recognition, realtime
 * online, or the offline model with a recorder), Cancel recording, and Show & Ask online.
 */
function TalkControls({
  actor,
  snapshot,
  online,
  cameraOpen,
  openCamera,
}: {
  actor: VoiceActor;
  snapshot: VoiceSnapshot;
  online: boolean;
  cameraOpen: boolean;
  openCamera: () => void;
}) {
  const { context } = snapshot;
  const busy = !snapshot.matches('idle');
  const recording = snapshot.matches({ recording: 'capturing' });
  const canTalk =
    hasBrowserSpeechRecognition() ||
    (online && context.engines.realtime !== null) ||
    (context.offline.state === 'ready' && context.engines.recorder !== null);
  return (
    <div className="voice-panel__controls">
      {canTalk ? (
        <Button
          className={`button voice-talk ${busy ? 'button--danger' : 'button--primary'}`}
          onPress={() =>
            actor.send({
              type: recording ? 'voice.finish' : busy ? 'voice.stop' : 'voice.talk',
            })
          }
        >
          {busy ? <MicOff aria-hidden="true" size={22} /> : <Mic aria-hidden="true" size={22} />}
          {busy ? 'Stop' : 'Press to talk'}
        </Button>
      ) : (
        <p className="voice-panel__note">{RECOGNITION_ERRORS.unsupported}</p>
      )}
      {recording ? (
        <Button className="button" onPress={() => actor.send({ type: 'voice.stop' })}>
          Cancel recording
        </Button>
      ) : null}
      {online && context.engines.realtime && !cameraOpen && !busy ? (
        <Button className="button" onPress={openCamera}>
          <Camera aria-hidden="true" size={20} />
          Show &amp; Ask
        </Button>
      ) : null}
    </div>
  );
}

/** The typed-question box; a blank question is not sent. */
function AskForm({ actor }: { actor: VoiceActor }) {
  const [question, setQuestion] = useState('');
  const ask = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text) return;
    actor.send({ type: 'voice.ask', text });
    setQuestion('');
  };
  return (
    <form className="voice-ask" onSubmit={ask}>
      <TextField className="voice-ask__field" value={question} onChange={setQuestion}>
        <Label>Type a question</Label>
        <Input className="input" placeholder="e.g. I'm stuck in mud" />
      </TextField>
      <Button type="submit" className="button button--primary" aria-label="Ask">
        <Send aria-hidden="true" size={20} />
        Ask
      </Button>
    </form>
  );
}

/** The §voice-8 error in a red card with Dismiss, the question as heard, and the replies. */
function Conversation({ actor, snapshot }: { actor: VoiceActor; snapshot: VoiceSnapshot }) {
  const { context } = snapshot;
  return (
    <>
      {context.error ? (
        <div className="voice-error-card" role="alert">
          <p>{context.error}</p>
          <Button
            className="button button--ghost"
            onPress={() => actor.send({ type: 'voice.dismissError' })}
          >
            Dismiss
          </Button>
        </div>
      ) : null}
      {context.transcript ? (
        <p className="voice-transcript">
          <span className="voice-transcript__label">You asked: </span>
          {context.transcript}
        </p>
      ) : null}
      {context.realtimeReply ? (
        <section className="voice-reply" aria-label="Reply">
          <p className="voice-reply__text">{context.realtimeReply}</p>
        </section>
      ) : null}
      {context.reply ? <ReplyCard reply={context.reply} /> : null}
    </>
  );
}

/** The dialog: status line, camera, talk controls, typed question, conversation, offline model. */
function VoicePanel({
  actor,
  snapshot,
  consent,
  close,
  followedRef,
}: {
  actor: VoiceActor;
  snapshot: VoiceSnapshot;
  consent: OfflineModelConsentControls;
  close: () => void;
  /** The last reply whose action was followed; outlives the panel so reopening does not repeat it. */
  followedRef: { current: VoiceReply | null };
}) {
  const online = useOnlineStatus();
  const [cameraOpen, setCameraOpen] = useState(false);
  useFollowReplyAction(snapshot.context.reply, close, followedRef);
  // A page loaded without signal never learnt the model's size: ask again as the panel opens.
  const listingUnknown =
    snapshot.context.offline.state === 'not-ready' && snapshot.context.offline.modelId === null;
  useEffect(() => {
    if (online && listingUnknown) actor.send({ type: 'offline.refreshListing' });
  }, [online, listingUnknown, actor]);
  const onCameraError = useCallback(
    (message: string) => {
      setCameraOpen(false);
      actor.send({ type: 'voice.error', message });
    },
    [actor],
  );

  return (
    <Dialog className="voice-panel" aria-labelledby="voice-panel-title">
      <div className="voice-panel__header">
        <Heading slot="title" id="voice-panel-title" className="voice-panel__title">
          Voice assistant
        </Heading>
        <Button className="button button--ghost" onPress={close} aria-label="Close voice assistant">
          <X aria-hidden="true" size={22} />
        </Button>
      </div>
      <p className="voice-panel__status" aria-live="polite">
        {statusText(snapshot)}
      </p>
      {cameraOpen ? (
        <CameraCapture
          onCapture={(imageDataUrl) => {
            setCameraOpen(false);
            actor.send({ type: 'voice.askWithImage', imageDataUrl });
          }}
          onCancel={() => setCameraOpen(false)}
          onError={onCameraError}
        />
      ) : null}
      <TalkControls
        actor={actor}
        snapshot={snapshot}
        online={online}
        cameraOpen={cameraOpen}
        openCamera={() => setCameraOpen(true)}
      />
      <AskForm actor={actor} />
      <Conversation actor={actor} snapshot={snapshot} />
      <OfflineSpeech snapshot={snapshot} actor={actor} consent={consent} />
    </Dialog>
  );
}

/** The floating button and its panel; mounted once by the app shell. */
export function VoiceAssistant() {
  const { actor, snapshot } = useVoiceSession();
  const consent = useOfflineModelConsent(actor, snapshot);
  const { settings } = useOutdoorSettings();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const followedRef = useRef<VoiceReply | null>(null);
  const clearance = emergencyClearance(settings.emergencySettings);
  useEffect(() => {
    // On the root, so the page's bottom padding (layout.css .app-main) leaves room for the
    // floating buttons and the last card of a page can scroll clear of them.
    const root = document.documentElement;
    root.dataset.voiceButton = 'shown';
    root.style.setProperty('--voice-fab-clearance', `${clearance}px`);
    return () => {
      delete root.dataset.voiceButton;
      root.style.removeProperty('--voice-fab-clearance');
    };
  }, [clearance]);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button className="voice-fab" aria-label="Voice assistant">
        <Mic aria-hidden="true" className="voice-fab__icon" />
      </Button>
      <ModalOverlay className="voice-overlay" isDismissable>
        <Modal className="voice-modal">
          <VoicePanel
            actor={actor}
            snapshot={snapshot}
            consent={consent}
            close={close}
            followedRef={followedRef}
          />
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
