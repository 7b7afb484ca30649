/**
 * The diagnostic tree's paths (issue 16, voice-navigation §4.1 vehicle sub-intents): every
 * answer path ends in advice a rider can act on, the table of symptoms leads where a mechanic
 * would look first, and an answer the question doesn't offer is refused.
 */
import { describe, expect, it } from 'vitest';
import {
  allDiagnosticPaths,
  diagnose,
  DiagnosticAnswerError,
} from '../../../src/lib/diagnostics/diagnose.ts';
import {
  CVT_BELT_CHANGE_MILES,
  DIAGNOSTIC_TREE,
  VOICE_SUB_INTENT_NODES,
} from '../../../src/lib/diagnostics/tree.ts';

describe('diagnose: the tree’s paths', () => {
  const paths = allDiagnosticPaths();

  it('reaches every advice of the tree and every path ends in advice with steps', () => {
    const reached = new Set<string>();
    for (const path of paths) {
      const result = diagnose(path);
      expect(result.status, path.join(' → ')).toBe('advice');
      if (result.status !== 'advice') continue;
      reached.add(result.node.id);
      expect(result.node.steps.length, result.node.id).toBeGreaterThanOrEqual(2);
      expect(result.node.likelyCauses.length, result.node.id).toBeGreaterThanOrEqual(1);
      expect(result.node.stopIf.length, result.node.id).toBeGreaterThan(10);
      expect(result.steps.map((step) => step.answer.id)).toEqual(path);
    }
    const adviceIds = [...DIAGNOSTIC_TREE.values()]
      .filter((node) => node.kind === 'advice')
      .map((node) => node.id);
    expect([...reached].sort()).toEqual(adviceIds.sort());
  });

  it('leads every node’s answers to a node that exists', () => {
    for (const node of DIAGNOSTIC_TREE.values()) {
      if (node.kind !== 'question') continue;
      expect(node.answers.length, node.id).toBeGreaterThanOrEqual(2);
      for (const answer of node.answers) expect(DIAGNOSTIC_TREE.has(answer.next)).toBe(true);
    }
  });

  const table: [string[], string, RegExp][] = [
    [['wont-start', 'clicking'], 'clicking', /battery terminals/],
    [['wont-start', 'slow-crank'], 'weak-battery', /Jump-start/],
    [['wont-start', 'nothing'], 'no-power', /kill switch/],
    [['wont-start', 'cranks', 'low'], 'out-of-fuel', /level ground/],
    [['wont-start', 'cranks', 'has-fuel', 'water'], 'water-ingested', /spark plug/],
    [['wont-start', 'cranks', 'has-fuel', 'sat'], 'stale-fuel', /fresh fuel/],
    [['wont-start', 'cranks', 'has-fuel', 'none'], 'no-fire', /fuel pump/],
    [['overheating', 'mud'], 'radiator-blocked', /15–20 minutes/],
    [['overheating', 'coolant'], 'coolant-loss', /15–20 minutes/],
    [['overheating', 'fan'], 'fan-failed', /fan fuse/],
    [['overheating', 'none'], 'overheat-load', /low range/],
    [['belt-noise', 'slipping', 'yes'], 'belt-overheated', /every 500 miles/],
    [['belt-noise', 'slipping', 'no'], 'belt-worn', /every 500 miles/],
    [['belt-noise', 'squeal'], 'belt-inspect', /low range/],
    [['belt-noise', 'grinding-wheel', 'turning'], 'cv-joint', /boot/],
    [['belt-noise', 'grinding-wheel', 'straight'], 'wheel-bearing', /wheel nuts/],
    [['belt-noise', 'grinding-shift'], 'shift-grind', /full stop/],
  ];

  it('has one table row per path of the tree', () => {
    expect(paths).toEqual(table.map(([answers]) => answers));
  });

  it.each(table)('%j → %s', (answers, adviceId, stepText) => {
    const result = diagnose(answers);
    expect(result.status).toBe('advice');
    expect(result.node.id).toBe(adviceId);
    if (result.status === 'advice') expect(result.node.steps.join(' ')).toMatch(stepText);
  });

  it('asks the next question until the answers reach advice', () => {
    expect(diagnose([]).node.id).toBe('symptom');
    const partway = diagnose(['wont-start', 'cranks']);
    expect(partway.status).toBe('question');
    expect(partway.node.id).toBe('fuel-level');
    expect(partway.steps.map((step) => step.question.id)).toEqual(['symptom', 'start-sound']);
  });

  it('refuses an answer the question does not offer, and answers past the advice', () => {
    expect(() => diagnose(['wont-start', 'sparks'])).toThrow(DiagnosticAnswerError);
    expect(() => diagnose(['wont-start', 'clicking', 'more'])).toThrow(
      /"more" is not an answer to the diagnostic question "clicking"/,
    );
  });

  it('gives the voice sub-intents nodes of the same tree, with the §9 belt interval', () => {
    for (const id of Object.values(VOICE_SUB_INTENT_NODES)) {
      expect(DIAGNOSTIC_TREE.has(id), id).toBe(true);
    }
    expect(CVT_BELT_CHANGE_MILES).toBe(500);
  });
});
