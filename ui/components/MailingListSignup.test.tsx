import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../server/contracts/user";
import type { SignUpResponse } from "../../server/contracts/mailingList";
import { deferred, fakeApi, reply } from "../test/fakeApi";
import { renderWithProviders } from "../test/render";
import { MailingListSignup } from "./MailingListSignup";

const REASON = "Enter a whole email address, like you@example.org, to sign up.";
const answer = (result: Partial<SignUpResponse["return"]["results"][number]>): SignUpResponse => ({
  return: { results: [{ isError: false, errorString: "", ...result }] },
});

function renderSignup(currentUser: CurrentUser | null = null) {
  const view = renderWithProviders(<MailingListSignup listId="17" chapterName="Austin" />, { route: "/chapter/tx/austin", currentUser });
  const form = screen.getByRole("form", { name: "Join the Austin mailing list" });
  const email = screen.getByLabelText<HTMLInputElement>(/^Join the mailing list/);
  const signUp = () => screen.getByRole<HTMLButtonElement>("button", { name: "Sign Up" });
  return { ...view, form, email, signUp };
}

describe("MailingListSignup", () => {
  it("posted without JavaScript, comes back to its own section (back names the anchor), and says what comes next after Success!", async () => {
    fakeApi({ "POST /api/mailing_list/sign_up": answer({}) });
    const view = renderWithProviders(<MailingListSignup listId="17" chapterName="Austin" anchor="join" whatNext="Next meetup: Tuesday at Scholz Garten." />, {
      route: "/chapter/tx/austin",
      currentUser: null,
    });
    expect(view.container.querySelector<HTMLInputElement>('input[name="back"]')!.value).toBe("/chapter/tx/austin#join");
    await view.user.type(screen.getByLabelText(/^Join the mailing list/), "grace@example.org");
    await view.user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Success!")).toBeTruthy();
    expect(screen.getByText("Next meetup: Tuesday at Scholz Garten.")).toBeTruthy();
  });

  it("keeps Sign Up off for an address that is not whole, and says why next to the field", async () => {
    const { user, email, signUp } = renderSignup();
    expect(signUp().disabled).toBe(true);
    expect(screen.queryByText(REASON)).toBeNull();
    await user.type(email, "a@b");
    expect(signUp().disabled).toBe(true);
    const reason = screen.getByText(REASON);
    expect(email.getAttribute("aria-describedby")?.split(" ")).toContain(reason.id);
    await user.type(email, ".org");
    expect(signUp().disabled).toBe(false);
    expect(screen.queryByText(REASON)).toBeNull();
  });

  it("starts from the signed-in member's address", () => {
    const { email, signUp } = renderSignup({ id: 3, name: "Ada", email: "ada@example.org" } as CurrentUser);
    expect(email.value).toBe("ada@example.org");
    expect(signUp().disabled).toBe(false);
  });

  it("signs the address up to the list, says so while it waits, then Success!", async () => {
    const server = deferred<SignUpResponse>();
    const api = fakeApi({ "POST /api/mailing_list/sign_up": () => server.promise });
    const { user, email } = renderSignup();
    await user.type(email, "  grace@example.org ");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect((await screen.findByRole("status")).textContent).toBe("Signing you up...");
    server.resolve(answer({}));
    expect(await screen.findByText("Success!")).toBeTruthy();
    expect(screen.queryByText(/check your email/)).toBeNull();
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([["POST", "/api/mailing_list/sign_up", { email: "grace@example.org", listId: "17" }]]);
  });

  it("sends the address the box shows, even one typed before the page was hydrated", async () => {
    const api = fakeApi({ "POST /api/mailing_list/sign_up": answer({}) });
    const { form, email } = renderSignup();
    // Typed while the server's page was being hydrated: the box holds it, no change event has told React yet.
    email.value = "early@example.org";
    fireEvent.submit(form);
    expect(await screen.findByText("Success!")).toBeTruthy();
    expect(api.calls.map((c) => c.body)).toEqual([{ email: "early@example.org", listId: "17" }]);
  });

  it("asks to confirm by email when the list wants it", async () => {
    fakeApi({ "POST /api/mailing_list/sign_up": answer({ needsConfirmation: true }) });
    const { user, email } = renderSignup();
    await user.type(email, "grace@example.org");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("If this address is not on the list yet, check your email for a link to confirm.")).toBeTruthy();
  });

  it("shows the server's refusal after Oops., and Try again brings the form back", async () => {
    const refusal = "Too many sign-ups from your address. Please try again in 12 minutes.";
    fakeApi({
      "POST /api/mailing_list/sign_up": reply(429, { error: refusal, errorId: "rate_limited", return: { results: [{ isError: true, errorString: refusal }] } }),
    });
    const { user, email } = renderSignup();
    await user.type(email, "grace@example.org");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText(`Oops. ${refusal}`)).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Try again" }));
    await waitFor(() => expect(screen.getByRole("form", { name: "Join the Austin mailing list" })).toBeTruthy());
  });

  it("shows the provider's error string when the answer carries one", async () => {
    fakeApi({ "POST /api/mailing_list/sign_up": answer({ isError: true, errorString: "The list is closed." }) });
    const { user, email } = renderSignup();
    await user.type(email, "grace@example.org");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Oops. The list is closed.")).toBeTruthy();
  });
});
