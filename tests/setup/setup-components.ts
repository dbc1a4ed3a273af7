import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library unmounts after each test by itself only when the test API is global;
// vitest's is imported, so unmount here and every test starts from an empty document.
afterEach(() => {
  cleanup();
});
