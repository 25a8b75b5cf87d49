// Background jobs that walk many rows let waiting requests run between their batches.
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
