/**
 * At most `slots` tasks of one kind run at once; up to `maxWaiting` more wait their turn, in order, and any beyond
 * that are refused at once (`run` throws what `refuse` makes). Used for work that takes a core while it runs
 * (password hashing), so that a burst of it leaves the rest of the process a share of the machine.
 */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number,
    private readonly refuse: () => Error,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.maxWaiting) throw this.refuse();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; `running` stays the same.
      if (next) next();
      else this.running -= 1;
    }
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
