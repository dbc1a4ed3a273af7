import type { ReactNode } from "react";

/** The frame of a store page: a landmark, a heading, a readable width. */
export function Page({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      {intro ? <p className="text-fg-muted mt-2">{intro}</p> : null}
      <div className="mt-8">{children}</div>
    </main>
  );
}
