/**
 * Voice triggers of the emergency system (requirements §core-3 emergencyVoiceTriggers, §core-9
 * defaults: emergency, help, sos, mayday, panic, accident, injured): finds a trigger word in a
 * speech transcript. Whole words only, case- and punctuation-insensitive, so "helpful" or "panicky"
 * do not fire; "S.O.S." counts as "sos".
 */

/** Words that mean someone is hurt: these skip confirmation when the settings allow it. */
export const CRITICAL_VOICE_TRIGGERS: readonly string[] = ['mayday', 'injured', 'accident'];

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, '$1')
    .replace(/([a-z])\.(?=\s|$)/g, '$1')
    .split(/[^a-z0-9']+/)
    .filter(Boolean);
}

/**
 * The first trigger (as configured) found in `transcript`, or null. Multi-word triggers
 * ("call for help") match as a phrase.
 */
export function matchVoiceTrigger(transcript: string, triggers: readonly string[]): string | null {
  const spoken = ` ${words(transcript).join(' ')} `;
  for (const trigger of triggers) {
    const phrase = words(trigger).join(' ');
    if (phrase && spoken.includes(` ${phrase} `)) return trigger;
  }
  return null;
}
