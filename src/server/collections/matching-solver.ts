// Gift exchange matching (issue 33 section 2) as an assignment problem, solved by the Hungarian algorithm (the
// `munkres` package): giver i writes for recipient j at a cost. A pair the rules forbid (oneself, too few shared
// fandoms or characters or relationships) costs more than every allowed pair of any assignment together, so the
// optimum first has the most allowed pairs (participants matched) and then the greatest overlap. Pure and
// synchronous: the route runs it in a worker thread for large exchanges (matching-run.ts).
import { munkres } from "munkres";

export interface MatchChoices {
  fandoms: readonly string[];
  characters: readonly string[];
  relationships: readonly string[];
}

export interface MatchParticipant {
  userId: number;
  offers: MatchChoices;
  requests: MatchChoices;
}

export interface MatchRules {
  minFandomMatch: number;
  minCharacterMatch: number;
  minRelationshipMatch?: number;
}

export interface MatchedPair {
  giverId: number;
  recipientId: number;
  overlap: number;
}

const KINDS = ["fandoms", "characters", "relationships"] as const;

const keySet = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));
const shared = (a: Set<string>, b: Set<string>) => {
  let n = 0;
  for (const v of a) if (b.has(v)) n++;
  return n;
};

/** How many of the giver's offers meet the recipient's requests, by kind; null when the rules forbid the pair. */
export function pairOverlap(giver: MatchParticipant, recipient: MatchParticipant, rules: MatchRules): number | null {
  if (giver.userId === recipient.userId) return null;
  return overlapOf(prepare(giver), prepare(recipient), rules);
}

interface Prepared {
  userId: number;
  offers: Set<string>[];
  requests: Set<string>[];
}

const prepare = (p: MatchParticipant): Prepared => ({
  userId: p.userId,
  offers: KINDS.map((k) => keySet(p.offers[k])),
  requests: KINDS.map((k) => keySet(p.requests[k])),
});

function overlapOf(giver: Prepared, recipient: Prepared, rules: MatchRules): number | null {
  if (giver.userId === recipient.userId) return null;
  const mins = [rules.minFandomMatch, rules.minCharacterMatch, rules.minRelationshipMatch ?? 0];
  let total = 0;
  for (let k = 0; k < KINDS.length; k++) {
    const n = shared(giver.offers[k]!, recipient.requests[k]!);
    if (n < mins[k]!) return null;
    total += n;
  }
  return total;
}

/** The best assignment: every participant gives at most one gift and gets at most one; forbidden pairs never made. */
export function solveMatching(participants: readonly MatchParticipant[], rules: MatchRules): MatchedPair[] {
  const n = participants.length;
  if (n < 2) return [];
  const prepared = participants.map(prepare);
  const overlaps: (number | null)[][] = prepared.map((giver) => prepared.map((r) => overlapOf(giver, r, rules)));
  let most = 0;
  for (const row of overlaps) for (const o of row) if (o !== null && o > most) most = o;
  // An allowed pair costs most - overlap (0..most); a forbidden one more than n allowed pairs together.
  const forbidden = n * (most + 1) + 1;
  const cost = overlaps.map((row) => Float64Array.from(row, (o) => (o === null ? forbidden : most - o)));
  const pairs: MatchedPair[] = [];
  for (const [i, j] of munkres(cost)) {
    const overlap = overlaps[i]![j];
    if (overlap === null || overlap === undefined) continue;
    pairs.push({ giverId: participants[i]!.userId, recipientId: participants[j]!.userId, overlap });
  }
  return pairs;
}
