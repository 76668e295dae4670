import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "../../server/contracts/user";
import { applySignIn, authKeys, signOut } from "./auth";
import { createQueryClient } from "./queryClient";

const ada = { id: 1, name: "Ada", email: "ada@example.org" } as CurrentUser;

/** A promise with its resolve function, to answer requests in the order a test wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A "who am I" on screen that the test answers when it likes: GET /api/auth/user in flight. */
function whoAmIInFlight(queryClient: ReturnType<typeof createQueryClient>) {
  const answer = deferred<CurrentUser | null>();
  const observer = new QueryObserver(queryClient, { queryKey: authKeys.user(), queryFn: () => answer.promise, staleTime: Infinity });
  const unsubscribe = observer.subscribe(() => {});
  return { answer, unsubscribe };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("signing out through the query cache", () => {
  it("drops a 'who am I' sent before the sign-out and answered after it", async () => {
    const queryClient = createQueryClient();
    const whoAmI = whoAmIInFlight(queryClient);
    const server = deferred<unknown>();
    const done = signOut(queryClient, () => server.promise);
    server.resolve({ result: "ok" });
    await done;
    whoAmI.answer.resolve(ada); // the server answered for the session that has ended
    await settle();
    expect(queryClient.getQueryData(authKeys.user())).toBeNull();
    whoAmI.unsubscribe();
  });

  it("drops a 'who am I' sent while the sign-out was on its way (Sign Out pressed as the sign-in screen opens sends both at once)", async () => {
    const queryClient = createQueryClient();
    const server = deferred<unknown>();
    const done = signOut(queryClient, () => server.promise);
    await settle();
    const whoAmI = whoAmIInFlight(queryClient);
    server.resolve({ result: "ok" });
    await done;
    whoAmI.answer.resolve(ada);
    await settle();
    expect(queryClient.getQueryData(authKeys.user())).toBeNull();
    whoAmI.unsubscribe();
  });

  it("forgets the user even when the sign-out request fails, and logs the failure", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.user(), ada);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await signOut(queryClient, () => Promise.reject(new Error("offline")));
    expect(queryClient.getQueryData(authKeys.user())).toBeNull();
    expect(logged).toHaveBeenCalledWith("Sign-out failed", expect.any(Error));
    logged.mockRestore();
  });

  it("drops what was asked for the previous user; a sign-in makes its user current", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(["chapters", "my"], [{ id: 7 }]);
    await applySignIn(queryClient, { user: ada, error: null });
    expect(queryClient.getQueryData(authKeys.user())).toEqual(ada);
    expect(queryClient.getQueryData(["chapters", "my"])).toBeUndefined();
  });
});
