// The part of autocannon's API the benches use (the package ships no types).
declare module "autocannon" {
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string> };
  type Histogram = { average: number; p50: number; p99: number; max: number };
  type Result = { requests: Histogram; latency: Histogram; errors: number; non2xx: number; timeouts: number };
  export default function autocannon(options: Options): Promise<Result>;
}
