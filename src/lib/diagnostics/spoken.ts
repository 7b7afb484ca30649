/**
 * The diagnostic tree (tree.ts) read aloud: the voice assistant's vehicle answers come from
 * here, so a spoken answer and the /diagnostic wizard always say the same thing.
 */
import { diagnosticNode } from './diagnose.ts';
import { DIAGNOSTIC_ROOT_ID, VOICE_SUB_INTENT_NODES } from './tree.ts';

/** How many advice steps a spoken answer reads before pointing to the wizard for the rest. */
export const SPOKEN_ADVICE_STEPS = 3;

/**
 * Where a voice sub-intent (requirements §voice-4.1) enters the tree; anything else starts at the
 * first question.
 */
export type SpokenDiagnosticStart = keyof typeof VOICE_SUB_INTENT_NODES | 'general';

/** Mid-sentence form of a label written to stand alone ("A loose cable" → "a loose cable"). */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The spoken answer for `start`: an advice node as its title, any warning, the most likely
 * cause, the first `SPOKEN_ADVICE_STEPS` steps and when to stop; a question node as its prompt,
 * hint and the answers to choose from in the wizard. Plain sentences, no markup.
 */
export function spokenDiagnosis(start: SpokenDiagnosticStart): { nodeId: string; text: string } {
  const nodeId = start === 'general' ? DIAGNOSTIC_ROOT_ID : VOICE_SUB_INTENT_NODES[start];
  const node = diagnosticNode(nodeId);
  if (node.kind === 'question') {
    const choices = node.answers.map((answer) => lowerFirst(answer.label)).join('; or ');
    const parts = [node.prompt, node.hint ?? '', `It could be: ${choices}`];
    parts.push('Open the Diagnostic Wizard to answer and get the repair steps');
    return { nodeId, text: parts.filter(Boolean).map(sentence).join(' ') };
  }
  const steps = node.steps.slice(0, SPOKEN_ADVICE_STEPS);
  const parts = [
    node.title,
    node.warning ?? '',
    `Most likely: ${lowerFirst(node.likelyCauses[0] ?? 'unknown')}`,
    ...steps,
    node.steps.length > steps.length ? 'The Diagnostic Wizard has the remaining steps' : '',
    `Stop and get help if ${node.stopIf}`,
  ];
  return { nodeId, text: parts.filter(Boolean).map(sentence).join(' ') };
}
