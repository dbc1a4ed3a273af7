/** A flash message (D4): written by toast.server.ts, shown by the Toaster. Client-safe. */
export type Toast = {
  id: string;
  type: "success" | "error" | "info";
  title: string;
  description?: string;
};
