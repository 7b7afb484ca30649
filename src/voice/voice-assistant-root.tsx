/**
 * The voice assistant as the shell mounts it (lazily, after first paint): creates the speech
 * engines once for the page and hands them to the assistant (voice-navigation-campgrounds §2.7,
 * §4.1).
 */
import { useState } from 'react';
import { VoiceAssistant } from './voice-assistant.tsx';
import { createVoiceEngines } from './voice-engine-wiring.ts';
import { VoiceEnginesProvider } from './voice-engines-context.tsx';

/** The floating voice button and its panel, with the real engines. */
export default function VoiceAssistantRoot() {
  const [engines] = useState(createVoiceEngines);
  return (
    <VoiceEnginesProvider engines={engines}>
      <VoiceAssistant />
    </VoiceEnginesProvider>
  );
}
