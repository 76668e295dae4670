import { queryOptions } from "@tanstack/react-query";
import type { HostApplicationInfo, HostApplicationInput } from "../../server/contracts/hostApplication";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";

const enc = encodeURIComponent;

export const hostApplicationKeys = {
  all: ["hostApplications"] as const,
  my: () => [...hostApplicationKeys.all, "my"] as const,
  mine: (slug: string) => [...hostApplicationKeys.all, "my", slug] as const,
};

/** Host applications (spec 000 sections 4, 5 and 7), as their applicant sees them. */
export const hostApplicationQueries = {
  my: () => queryOptions({ queryKey: hostApplicationKeys.my(), queryFn: get<HostApplicationInfo[]>("/api/chapter_host_application/my") }),
  mine: (slug: string) => queryOptions({ queryKey: hostApplicationKeys.mine(slug), queryFn: get<HostApplicationInfo>(`/api/chapter_host_application/slug/${enc(slug)}`) }),
};

/** Applies to host a new chapter. */
export const useApplyToHost = () =>
  useApiMutation((input: HostApplicationInput) => api.post<HostApplicationInfo>("/api/chapter_host_application", input), () => [hostApplicationKeys.all]);
