import type { MeetupConfirmSettings } from "../../server/contracts/chapter";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FrontPageInfo, SiteConfig } from "../../server/contracts/content";
import type { FrontPageUpdate } from "../../server/contracts/adminRequests";
import type { ResultAnswer } from "../../server/contracts/chapterAdmin";
import type { EmailSettingsInfo, EmailSettingsUpdate, RetryFailedResponse } from "../../server/contracts/mailingList";
import { activityKeys } from "./activity";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";

const settingsKeys = {
  all: ["settings"] as const,
  siteConfig: () => [...settingsKeys.all, "siteConfig"] as const,
  frontPage: () => [...settingsKeys.all, "frontPage"] as const,
  email: () => [...settingsKeys.all, "email"] as const,
  meetupConfirm: () => [...settingsKeys.all, "meetupConfirm"] as const,
};

/** What the site behaves as when its configuration cannot be loaded: no Google key, Send In Blue lists. */
const FALLBACK_SITE_CONFIG: SiteConfig = { googleMapsApiKey: null, hasGoogleMapsKey: false, emailServiceName: "sendInBlue" };

/** Site settings: the public site configuration, the front page call-out and (admins) the email service. */
export const settingsQueries = {
  /** Asked for once per page load. */
  siteConfig: () => queryOptions({ queryKey: settingsKeys.siteConfig(), queryFn: get<SiteConfig>("/api/site_config"), staleTime: Infinity }),
  frontPage: () => queryOptions({ queryKey: settingsKeys.frontPage(), queryFn: get<FrontPageInfo>("/api/front_page") }),
  /** The email service, the provider carrying the lists and the delivery queue. */
  email: () => queryOptions({ queryKey: settingsKeys.email(), queryFn: get<EmailSettingsInfo>("/api/email_settings") }),
  /** How long before each meetup its hosts are asked to confirm it. */
  meetupConfirm: () => queryOptions({ queryKey: settingsKeys.meetupConfirm(), queryFn: get<MeetupConfirmSettings>("/api/meetup_confirmations/settings") }),
};

/** The site configuration, or null until it has arrived; without an answer the site behaves as if no Google key were set. */
export function useSiteConfig(): SiteConfig | null {
  const { data, isError } = useQuery(settingsQueries.siteConfig());
  return data ?? (isError ? FALLBACK_SITE_CONFIG : null);
}

export const useSaveFrontPage = () =>
  useApiMutation(
    (input: FrontPageUpdate) => api.post<FrontPageInfo>("/api/front_page", input),
    () => [settingsKeys.frontPage(), activityKeys.all],
  );

export const useUploadFrontPageImage = () =>
  useApiMutation(
    (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api.upload<ResultAnswer>("/api/front_page_image", form);
    },
    () => [settingsKeys.frontPage(), activityKeys.all],
  );

/** Switches the email service; the site configuration (which list id the widget sends) changes with it. */
export const useSaveEmailSettings = () =>
  useApiMutation(
    (input: EmailSettingsUpdate) => api.post<EmailSettingsInfo>("/api/email_settings", input),
    () => [settingsKeys.all, activityKeys.all],
  );

/** Queues the deliveries that failed for good once more. */
export const useRetryFailedDeliveries = () =>
  useApiMutation(
    () => api.post<RetryFailedResponse>("/api/email_settings/retry_failed"),
    () => [settingsKeys.email()],
  );

export const useSaveMeetupConfirmSettings = () =>
  useApiMutation(
    (input: MeetupConfirmSettings) => api.post<MeetupConfirmSettings>("/api/meetup_confirmations/settings", input),
    () => [settingsKeys.meetupConfirm()],
  );
