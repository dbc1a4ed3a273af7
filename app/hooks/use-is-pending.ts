import { useFormAction, useNavigation } from "@remix-run/react";

export type PendingFilter = {
  /** The form's `action`; by default this route's own action, where a `<Form>` without one posts. */
  formAction?: string;
  formMethod?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /**
   * "non-idle" also counts the loading that follows the submission (its redirect or the
   * revalidation), so a button stays disabled until the next page is on screen.
   */
  state?: "submitting" | "loading" | "non-idle";
};

function usePendingNavigation({
  formAction,
  formMethod = "POST",
  state = "non-idle",
}: PendingFilter) {
  const contextualFormAction = useFormAction();
  const navigation = useNavigation();
  const inState = state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  const matches =
    inState &&
    navigation.formAction === (formAction ?? contextualFormAction) &&
    // Remix's browser router gives "POST"; createRemixStub's (the component tests) gives "post".
    navigation.formMethod?.toUpperCase() === formMethod;
  return matches ? navigation : null;
}

/**
 * Whether a form of this page is being submitted (the Epic Stack's `useIsPending`): by default a
 * POST to the calling route's own action, from the click until the next page is shown. Fetchers
 * are not navigations: `fetcher.state` tells theirs.
 */
export function useIsPending(filter: PendingFilter = {}) {
  return usePendingNavigation(filter) !== null;
}

/** The same submission's form data, for optimistic UI (a removed row disappears at once). */
export function usePendingFormData(filter: PendingFilter = {}) {
  return usePendingNavigation(filter)?.formData;
}
