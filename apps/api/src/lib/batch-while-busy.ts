/**
 * Runs calls in batches made of whatever arrived while earlier batches were running: a call finds a free slot and
 * runs at once, alone; calls that find every slot busy wait together and leave as one batch when a slot frees. A
 * quiet server answers each call as before, with no wait added; a busy one sends the database one statement (one
 * commit) for many calls instead of one each.
 *
 * Calls with the same key never share a batch nor run in two batches at once, so a batch can treat its calls as
 * independent (for cart/add: one line per cart, and no two batches lock the same cart). A call waits behind the
 * earlier one of its key, as it would queue on its row in the database.
 */
export type BatchRun<I, O> = (items: I[]) => Promise<Array<PromiseSettledResult<O>>>;

export type BatchOptions<I, O> = {
  keyOf: (item: I) => number | string;
  /** Calls in one batch at most. */
  maxBatch: number;
  /** Batches running at once at most. */
  slots: number;
  /** Answers each call's outcome, in the order given; rejecting fails every call of the batch. */
  run: BatchRun<I, O>;
};

type Waiting<I, O> = {
  item: I;
  key: number | string;
  resolve: (value: O) => void;
  reject: (reason: unknown) => void;
};

export function batchWhileBusy<I, O>({ keyOf, maxBatch, slots, run }: BatchOptions<I, O>) {
  let waiting: Waiting<I, O>[] = [];
  const busyKeys = new Set<number | string>();
  let running = 0;

  function start(): void {
    while (running < slots && waiting.length > 0) {
      const batch: Waiting<I, O>[] = [];
      const later: Waiting<I, O>[] = [];
      for (const call of waiting) {
        if (batch.length < maxBatch && !busyKeys.has(call.key)) {
          busyKeys.add(call.key);
          batch.push(call);
        } else {
          later.push(call);
        }
      }
      waiting = later;
      if (batch.length === 0) return;
      running++;
      void settle(batch);
    }
  }

  async function settle(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const outcomes = await run(batch.map((call) => call.item));
      batch.forEach((call, i) => {
        const outcome = outcomes[i];
        if (outcome === undefined) call.reject(new Error('the batch answered fewer calls than it was given'));
        else if (outcome.status === 'fulfilled') call.resolve(outcome.value);
        else call.reject(outcome.reason);
      });
    } catch (err) {
      for (const call of batch) call.reject(err);
    } finally {
      for (const call of batch) busyKeys.delete(call.key);
      running--;
      start();
    }
  }

  return function call(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      waiting.push({ item, key: keyOf(item), resolve, reject });
      start();
    });
  };
}
