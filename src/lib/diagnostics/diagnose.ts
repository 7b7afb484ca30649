/**
 * Walking the diagnostic tree (src/lib/diagnostics/tree.ts): pure functions used by the
 * /diagnostic wizard and importable by the voice assistant.
 */
import {
  DIAGNOSTIC_ROOT_ID,
  DIAGNOSTIC_TREE,
  type DiagnosticAdvice,
  type DiagnosticAnswer,
  type DiagnosticNode,
  type DiagnosticQuestion,
} from './tree.ts';

/** One question answered on the way: the question and the answer chosen. */
export interface DiagnosticStep {
  question: DiagnosticQuestion;
  answer: DiagnosticAnswer;
}

/** Where a list of answers leads: the next question to ask, or the advice at the end. */
export type Diagnosis =
  | { status: 'question'; node: DiagnosticQuestion; steps: readonly DiagnosticStep[] }
  | { status: 'advice'; node: DiagnosticAdvice; steps: readonly DiagnosticStep[] };

/** Thrown when an answer id is not one of the current question's answers. */
export class DiagnosticAnswerError extends Error {
  constructor(
    readonly questionId: string,
    readonly answerId: string,
  ) {
    super(`"${answerId}" is not an answer to the diagnostic question "${questionId}"`);
    this.name = 'DiagnosticAnswerError';
  }
}

/** The node with `id`; throws if the tree has no such node (a broken tree, not user input). */
export function diagnosticNode(id: string): DiagnosticNode {
  const node = DIAGNOSTIC_TREE.get(id);
  if (!node) throw new Error(`The diagnostic tree has no node "${id}"`);
  return node;
}

/**
 * Follows `answers` (answer ids, one per question, from the first question on) through the
 * tree. Returns the next question with the steps taken, or the advice once a leaf is reached.
 * Throws DiagnosticAnswerError for an answer the current question doesn't offer, or for answers
 * left over after the advice.
 */
export function diagnose(answers: readonly string[]): Diagnosis {
  const steps: DiagnosticStep[] = [];
  let node = diagnosticNode(DIAGNOSTIC_ROOT_ID);
  for (const answerId of answers) {
    if (node.kind === 'advice') throw new DiagnosticAnswerError(node.id, answerId);
    const answer = node.answers.find((candidate) => candidate.id === answerId);
    if (!answer) throw new DiagnosticAnswerError(node.id, answerId);
    steps.push({ question: node, answer });
    node = diagnosticNode(answer.next);
  }
  return node.kind === 'advice'
    ? { status: 'advice', node, steps }
    : { status: 'question', node, steps };
}

/**
 * Every answer path from the first question to an advice, depth first in answer order. Throws
 * if the tree has a cycle (a path that revisits a question), so a broken tree fails loudly.
 */
export function allDiagnosticPaths(): string[][] {
  const paths: string[][] = [];
  const walk = (nodeId: string, path: string[], seen: ReadonlySet<string>) => {
    const node = diagnosticNode(nodeId);
    if (node.kind === 'advice') {
      paths.push(path);
      return;
    }
    if (seen.has(node.id)) throw new Error(`The diagnostic tree loops at "${node.id}"`);
    const nextSeen = new Set(seen).add(node.id);
    for (const answer of node.answers) walk(answer.next, [...path, answer.id], nextSeen);
  };
  walk(DIAGNOSTIC_ROOT_ID, [], new Set());
  return paths;
}
