import type { AliasRoutes, RouteInput } from "./types";

/** The built-in default when MAILGUN_API_KEY is not set: aliases stay in our database, no route exists anywhere. */
export class LocalAliasRoutes implements AliasRoutes {
  readonly mode = "local" as const;

  async create(_input: RouteInput): Promise<null> {
    return null;
  }

  async update(_id: string, _input: RouteInput): Promise<void> {}

  async remove(_id: string): Promise<void> {}

  async list(_limit?: number): Promise<{ total: number }> {
    return { total: 0 };
  }
}
