import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignUpRequest, SignUpResponse, UnsubscribeInfo } from "../../server/contracts/mailingList";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";

const enc = encodeURIComponent;

export const mailingListKeys = {
  all: ["mailingLists"] as const,
  unsubscribe: (token: string) => [...mailingListKeys.all, "unsubscribe", token] as const,
};

/** Mailing lists (spec 000 section 7, spec 001 section 7): members, sends and the public sign-up. */
export const mailingListQueries = {
  /** Whose subscription an unsubscribe link is, and whether it has ended. */
  unsubscribe: (token: string) => queryOptions({ queryKey: mailingListKeys.unsubscribe(token), queryFn: get<UnsubscribeInfo>(`/api/mailing_list/unsubscribe/${enc(token)}`) }),
};

/** Joins a chapter's list (the public widget); its members change. */
export const useSignUpToList = () => useApiMutation((input: SignUpRequest) => api.post<SignUpResponse>("/api/mailing_list/sign_up", input), () => [mailingListKeys.all]);

/** Ends the subscription of an unsubscribe link; the answer is the link's new state. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnsubscribeInfo>(`/api/mailing_list/unsubscribe/${enc(token)}`),
    onSuccess: (info) => queryClient.setQueryData(mailingListKeys.unsubscribe(token), info),
  });
}
