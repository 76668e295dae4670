import { queryOptions } from "@tanstack/react-query";
import type { HostApplicationInfo, HostApplicationInput } from "../../server/contracts/hostApplication";
import type { AdminHostApplication, HostApplicationUpdate } from "../../server/contracts/siteAdmin";
import { activityKeys } from "./activity";
import { noteKeys } from "./notes";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";
import { pagedListOptions } from "./paging";
import { HOST_APPLICATIONS_PAGE_SIZE } from "../../server/contracts/paging";

const enc = encodeURIComponent;

export const hostApplicationKeys = {
  all: ["hostApplications"] as const,
  my: () => [...hostApplicationKeys.all, "my"] as const,
  mine: (slug: string) => [...hostApplicationKeys.all, "my", slug] as const,
  adminList: () => [...hostApplicationKeys.all, "admin", "list"] as const,
  admin: (slug: string) => [...hostApplicationKeys.all, "admin", "slug", slug] as const,
  ofUser: (userId: number) => [...hostApplicationKeys.all, "admin", "user", userId] as const,
};

/** Host applications (spec 000 sections 4, 5 and 7; spec 001 section 4): as their applicant sees them, and as admins review them. */
export const hostApplicationQueries = {
  my: () => queryOptions({ queryKey: hostApplicationKeys.my(), queryFn: get<HostApplicationInfo[]>("/api/chapter_host_application/my") }),
  mine: (slug: string) =>
    queryOptions({ queryKey: hostApplicationKeys.mine(slug), queryFn: get<HostApplicationInfo>(`/api/chapter_host_application/slug/${enc(slug)}`) }),
  /** Every application, newest first, a page at a time. */
  adminList: () => pagedListOptions<AdminHostApplication>(hostApplicationKeys.adminList(), "/api/chapter_host_application", HOST_APPLICATIONS_PAGE_SIZE),
  admin: (slug: string) =>
    queryOptions({ queryKey: hostApplicationKeys.admin(slug), queryFn: get<AdminHostApplication>(`/api/chapter_host_application/slug/${enc(slug)}/admin`) }),
  ofUser: (userId: number) =>
    queryOptions({ queryKey: hostApplicationKeys.ofUser(userId), queryFn: get<AdminHostApplication[]>(`/api/chapter_host_application/user/${userId}`) }),
};

/** Applies to host a new chapter. */
export const useApplyToHost = () =>
  useApiMutation(
    (input: HostApplicationInput) => api.post<HostApplicationInfo>("/api/chapter_host_application", input),
    () => [hostApplicationKeys.all, activityKeys.all],
  );

/** An admin's change to an application (status, archive, a progress flag): each is saved at once. */
export const useUpdateApplication = (slug: string) =>
  useApiMutation(
    (update: HostApplicationUpdate) => api.put<AdminHostApplication>(`/api/chapter_host_application/slug/${enc(slug)}`, update),
    // A decision's note goes into the Note Archive.
    () => [hostApplicationKeys.all, noteKeys.application(slug), activityKeys.all],
  );
