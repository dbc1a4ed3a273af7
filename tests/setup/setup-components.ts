import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library unmounts after each test by itself only when the test API is global;
// vitest's is imported, so unmount here and every test starts from an empty document.
afterEach(() => {
  cleanup();
});

// A `findBy…` waits 1 s by default. While `npm test` keeps both cores busy, a router's
// revalidation and its render took longer than that once (use-revalidate-on-interval.test.tsx,
// a fresh-clone run): what is awaited still has to come, only later.
configure({ asyncUtilTimeout: 5_000 });
