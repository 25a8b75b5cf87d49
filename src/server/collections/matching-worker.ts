// The matching worker's entry: solves one exchange's assignment off the main thread and posts the pairs back.
import { parentPort, workerData } from "node:worker_threads";
import { type MatchParticipant, type MatchRules, solveMatching } from "./matching-solver";

const { participants, rules } = workerData as { participants: MatchParticipant[]; rules: MatchRules };
parentPort!.postMessage(solveMatching(participants, rules));
