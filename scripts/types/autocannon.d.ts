/** The part of autocannon 9's API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  namespace autocannon {
    interface Options {
      url: string;
      duration?: number;
      connections?: number;
      pipelining?: number;
      headers?: Record<string, string>;
    }
    interface Histogram {
      average: number;
      mean: number;
      p50: number;
      p99: number;
      total: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      "2xx": number;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, result: autocannon.Result) => void): unknown;
  export default autocannon;
}
