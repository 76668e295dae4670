import { queryOptions } from "@tanstack/react-query";
import type { RsvpLinkInfo, RsvpList, RsvpPending, RsvpResult } from "../../server/contracts/rsvp";
import type { RsvpBody } from "../../server/contracts/rsvpRequests";
import { api } from "./client";
import { chapterKeys } from "./chapters";
import { get, useApiMutation } from "./queryClient";

const enc = encodeURIComponent;

export const rsvpKeys = {
  all: ["rsvps"] as const,
  link: (token: string) => [...rsvpKeys.all, "link", token] as const,
  list: (eventSlug: string, date: string) => [...rsvpKeys.all, "list", eventSlug, date] as const,
  /** The chapter page's form posted without JavaScript: its result, put in the cache by the server that renders the page. */
  formResult: (eventSlug: string, date: string) => ["rsvpFormResult", eventSlug, date] as const,
};

/** Who's coming (issue 42): answers, the page of an email's link, the hosts' list. */
export const rsvpQueries = {
  /** What an email's link names (reading changes nothing). */
  link: (token: string) => queryOptions({ queryKey: rsvpKeys.link(token), queryFn: get<RsvpLinkInfo>(`/api/rsvp_link/${enc(token)}`), retry: false }),
  /** Who answered a meetup (host access). */
  list: (eventSlug: string, date: string) =>
    queryOptions({ queryKey: rsvpKeys.list(eventSlug, date), queryFn: get<RsvpList>(`/api/rsvp/${enc(eventSlug)}/${enc(date)}`) }),
};

/** Answers a meetup: recorded at once when signed in, else a link goes to the address; the chapter's counts are read again. */
export const useAnswerRsvp = () =>
  useApiMutation(
    (input: RsvpBody) => api.post<RsvpResult | RsvpPending>("/api/rsvp", input),
    () => [chapterKeys.all, rsvpKeys.all],
  );

/** The button of an email's link: records the answer it names. */
export const useConfirmRsvp = (token: string) =>
  useApiMutation(
    () => api.post<RsvpResult>("/api/rsvp/confirm", { token }),
    () => [rsvpKeys.link(token), chapterKeys.all],
  );
