import { queryOptions } from "@tanstack/react-query";
import type { AliasDomainsResponse, AliasServiceTestResponse, EmailAliasInfo, EmailAliasInput } from "../../server/contracts/mailingList";
import { activityKeys } from "./activity";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";

const emailAliasKeys = {
  all: ["emailAliases"] as const,
  list: (search: string) => [...emailAliasKeys.all, "list", search] as const,
  domains: () => [...emailAliasKeys.all, "domains"] as const,
};

/** Email aliases (spec 001 Email Administration), kept here and forwarded by Mailgun; admins only. */
export const emailAliasQueries = {
  /** Every alias ("" for no search), or those matching a search of at least ALIAS_SEARCH_MIN characters. */
  list: (search: string) =>
    queryOptions({
      queryKey: emailAliasKeys.list(search),
      queryFn: get<EmailAliasInfo[]>(`/api/admin/mailgun/aliases${search ? `?search=${encodeURIComponent(search)}` : ""}`),
    }),
  /** The domain choices, one per chapter type. */
  domains: () => queryOptions({ queryKey: emailAliasKeys.domains(), queryFn: get<AliasDomainsResponse>("/api/admin/mailgun/aliases/domains") }),
};

const aliasesChanged = () => [emailAliasKeys.all, activityKeys.all];

/** Adds an alias (no id) or changes one. */
export const useSaveAlias = () =>
  useApiMutation(
    ({ id, input }: { id?: number; input: EmailAliasInput }) =>
      id === undefined ? api.post<EmailAliasInfo>("/api/admin/mailgun/aliases", input) : api.put<EmailAliasInfo>(`/api/admin/mailgun/aliases/${id}`, input),
    aliasesChanged,
  );

export const useDeleteAlias = () => useApiMutation((id: number) => api.delete<unknown>(`/api/admin/mailgun/aliases/${id}`), aliasesChanged);

/** Checks the Mailgun connection; changes nothing. */
export const useTestAliasService = () =>
  useApiMutation(
    () => api.post<AliasServiceTestResponse>("/api/admin/mailgun/aliases/test"),
    () => [],
  );
