import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from "@chakra-ui/react";
import type { ToastAction, ToastType } from "./Toaster";

/**
 * Toasts: top right, hide after 5 seconds (spec 000 sections 2 and 8), below the header so they never cover the
 * menu (Layout keeps --header-bottom up to date).
 */
const TOAST_DURATION_MS = 5000;
const toaster = createToaster({
  placement: "top-end",
  pauseOnPageIdle: true,
  duration: TOAST_DURATION_MS,
  offsets: { top: "calc(var(--header-bottom, 0px) + 1rem)", right: "1rem", bottom: "1rem", left: "1rem" },
});

/** Shows a toast (ui/components/Toaster.tsx loads this module on the first one). */
export function showToast(type: ToastType, title: string, description?: string, action?: ToastAction) {
  toaster.create({ type, title, description, duration: TOAST_DURATION_MS, closable: true, ...(action ? { action } : {}) });
}

/** Where the toasts show. */
export function ToastList() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} data-testid={`toast-${toast.type}`}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
