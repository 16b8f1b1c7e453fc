// autocannon ships no types; the benchmark uses only its promise API.
declare module "autocannon" {
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string> };
  export default function autocannon(options: Options): Promise<unknown>;
}
