import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ChapterListIdResponse,
  ChapterListQuery,
  ChapterListResponse,
  ContactDetails,
  ListMessageInfo,
  ListEmailPreview,
  SendMessageRequest,
  SendMessageResponse,
  SignUpManyRequest,
  SignUpManyResponse,
  SignUpRequest,
  SignUpResponse,
  UnsubscribeInfo,
  ListConfirmationInfo,
} from "../../server/contracts/mailingList";
import { pageQueryString } from "../../server/contracts/paging";
import { activityKeys } from "./activity";
import { api } from "./client";
import { contentKeys } from "./content";
import { get, useApiMutation } from "./queryClient";

const enc = encodeURIComponent;

export const mailingListKeys = {
  all: ["mailingLists"] as const,
  listId: (chapterId: number) => [...mailingListKeys.all, "listId", chapterId] as const,
  /** Every page of a list's members (prefix), or one page with its filters. */
  members: (listId: string, query?: ChapterListQuery) =>
    query ? ([...mailingListKeys.all, "members", listId, query] as const) : ([...mailingListKeys.all, "members", listId] as const),
  contact: (contactId: number) => [...mailingListKeys.all, "contact", contactId] as const,
  messages: (chapterId: number) => [...mailingListKeys.all, "messages", chapterId] as const,
  unsubscribe: (token: string) => [...mailingListKeys.all, "unsubscribe", token] as const,
  confirmation: (token: string) => [...mailingListKeys.all, "confirmation", token] as const,
  /** A signup form posted without JavaScript: its result, put in the cache by the server that renders the page it returned to. */
  joinResult: (listId: string) => ["joinListResult", listId] as const,
};

/** Mailing lists (spec 000 section 7, spec 001 section 7): members, sends and the public sign-up. */
export const mailingListQueries = {
  /** The list id a chapter's members and sends use, for the site's email service (null: no mailing list). */
  listId: (chapterId: number) =>
    queryOptions({
      queryKey: mailingListKeys.listId(chapterId),
      queryFn: get<ChapterListIdResponse>(`/api/mailing_list/list_id/${chapterId}`),
      // While the provider makes the list, ask again now and then: the screen shows it as soon as it is there.
      refetchInterval: (query) => (query.state.data?.listStatus === "creating" ? 5000 : false),
    }),
  /**
   * One page of a list's members, newest first, narrowed by status and email search, with counts per status. The
   * page shown stays while the next one loads, so paging and typing in the search never blank the list.
   */
  members: (listId: string, query: ChapterListQuery = {}) =>
    queryOptions({
      queryKey: mailingListKeys.members(listId, query),
      queryFn: get<ChapterListResponse>(`/api/mailing_list/chapter_list_id/${enc(listId)}${pageQueryString({ ...query })}`),
      placeholderData: keepPreviousData,
    }),
  contact: (contactId: number) =>
    queryOptions({ queryKey: mailingListKeys.contact(contactId), queryFn: get<ContactDetails>(`/api/mailing_list/contact_details/${contactId}`) }),
  /** The chapter's emails, newest first, with their progress. */
  messages: (chapterId: number) =>
    queryOptions({ queryKey: mailingListKeys.messages(chapterId), queryFn: get<ListMessageInfo[]>(`/api/mailing_list/messages/${chapterId}`) }),
  /** Whose signup a double opt-in link confirms, and whether it has been confirmed. */
  confirmation: (token: string) =>
    queryOptions({ queryKey: mailingListKeys.confirmation(token), queryFn: get<ListConfirmationInfo>(`/api/mailing_list/confirm/${enc(token)}`) }),
  /** Whose subscription an unsubscribe link is, and whether it has ended. */
  unsubscribe: (token: string) =>
    queryOptions({ queryKey: mailingListKeys.unsubscribe(token), queryFn: get<UnsubscribeInfo>(`/api/mailing_list/unsubscribe/${enc(token)}`) }),
};

/** The chapter's list id: undefined while loading, null when the chapter has no mailing list or it cannot be known. */
export function useChapterListId(chapterId: number): { listId: string | null | undefined; error: Error | null; answer: ChapterListIdResponse | undefined } {
  const query = useQuery(mailingListQueries.listId(chapterId));
  return { listId: query.data ? query.data.listId : query.error ? null : undefined, error: query.error, answer: query.data };
}

/** Joins a chapter's list (the public widget); its members change. */
export const useSignUpToList = () =>
  useApiMutation(
    (input: SignUpRequest) => api.post<SignUpResponse>("/api/mailing_list/sign_up", input),
    () => [mailingListKeys.all],
  );

/** Adds pasted addresses to a list (host access). */
export const useSignUpMany = () =>
  useApiMutation(
    (input: SignUpManyRequest) => api.post<SignUpManyResponse>("/api/mailing_list/sign_up_many", input),
    () => [mailingListKeys.all, activityKeys.all],
  );

/** Deletes a member: shown dimmed at once, then the list is asked for again. */
export function useDeleteContact(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<SignUpResponse>("/api/mailing_list/delete", { email, listId }),
    onSuccess: (_res, email) => {
      queryClient.setQueriesData<ChapterListResponse>(
        { queryKey: mailingListKeys.members(listId) },
        (list) => list && { ...list, contacts: list.contacts.map((c) => (c.email === email ? { ...c, deleted: true, status: "deleted" as const } : c)) },
      );
      void queryClient.invalidateQueries({ queryKey: mailingListKeys.all });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}

/** Send Email's preview: the draft as members would get it (both parts); nothing is sent or kept. */
export const usePreviewMessage = () =>
  useMutation({ mutationFn: (input: SendMessageRequest) => api.post<ListEmailPreview>("/api/mailing_list/preview", input) });

/** Queues an email to the chapter's list; it shows at the top of the sends at once and becomes a chapter post. */
export function useSendMessage(chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageRequest) => api.post<SendMessageResponse>("/api/mailing_list/send_message", input),
    onSuccess: ({ message }) => {
      queryClient.setQueryData(mailingListQueries.messages(chapterId).queryKey, (list) => [message, ...(list ?? []).filter((m) => m.id !== message.id)]);
      void queryClient.invalidateQueries({ queryKey: contentKeys.chapterPosts(chapterId) });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}

/** Ends the subscription of an unsubscribe link; the answer is the link's new state. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnsubscribeInfo>(`/api/mailing_list/unsubscribe/${enc(token)}`),
    onSuccess: (info) => {
      queryClient.setQueryData(mailingListQueries.unsubscribe(token).queryKey, info);
      void queryClient.invalidateQueries({ queryKey: mailingListKeys.all, predicate: (q) => q.queryKey[1] === "members" });
    },
  });
}

/** Confirms the signup of a double opt-in link; the answer is the link's new state. */
export function useConfirmSubscription(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ListConfirmationInfo>(`/api/mailing_list/confirm/${enc(token)}`),
    onSuccess: (info) => {
      queryClient.setQueryData(mailingListQueries.confirmation(token).queryKey, info);
      void queryClient.invalidateQueries({ queryKey: mailingListKeys.all, predicate: (q) => q.queryKey[1] === "members" });
    },
  });
}
