import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { useRevalidateOnInterval } from "~/hooks/use-revalidate-on-interval";

let visibility: DocumentVisibilityState = "visible";
let listening: ReturnType<typeof vi.spyOn>;

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

beforeEach(() => {
  listening = vi.spyOn(document, "addEventListener");
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => visibility,
  });
  // Only the interval is faked: the router's own timers and Testing Library's waits stay real.
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
});

afterEach(() => {
  listening.mockRestore();
  vi.useRealTimers();
});

/** A page whose loader counts its runs, polling every 30 s as the header does. */
function renderPolling() {
  let runs = 0;
  function Polling() {
    const { run } = useLoaderData<{ run: number }>();
    useRevalidateOnInterval(30_000);
    return <p>{`Carga ${run}`}</p>;
  }
  const Stub = createRemixStub([
    { path: "/", Component: Polling, loader: () => json({ run: ++runs }) },
  ]);
  render(<Stub />);
  return { runs: () => runs };
}

/*
 * The hook's effect runs after the page shows 'Carga 1', at React's next turn: on a busy machine
 * the clock could be moved before it, and its interval would start late (a lost 'Carga 2' in a
 * fresh-clone run). Each test waits for the effect, which listens for visibilitychange.
 */
async function firstLoad() {
  await screen.findByText("Carga 1");
  await waitFor(() =>
    expect(listening).toHaveBeenCalledWith("visibilitychange", expect.any(Function)),
  );
}

const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

describe("useRevalidateOnInterval", () => {
  test("revalidates every 30 s while the tab is visible", async () => {
    const { runs } = renderPolling();
    await firstLoad();

    await advance(29_999);
    expect(runs()).toBe(1);
    await advance(1);
    expect(await screen.findByText("Carga 2")).toBeTruthy();
    await advance(30_000);
    expect(await screen.findByText("Carga 3")).toBeTruthy();
  });

  test("a hidden tab asks nothing; shown again, it revalidates once at once and resumes", async () => {
    const { runs } = renderPolling();
    await firstLoad();

    setVisibility("hidden");
    await advance(5 * 60_000);
    expect(runs()).toBe(1);

    setVisibility("visible");
    expect(await screen.findByText("Carga 2")).toBeTruthy();
    await advance(29_999);
    expect(runs()).toBe(2);
    await advance(1);
    expect(await screen.findByText("Carga 3")).toBeTruthy();
  });

  test("a tab opened hidden starts polling only once it is shown", async () => {
    visibility = "hidden";
    const { runs } = renderPolling();
    await firstLoad();
    await advance(60_000);
    expect(runs()).toBe(1);

    setVisibility("visible");
    expect(await screen.findByText("Carga 2")).toBeTruthy();
  });

  test("null asks nothing: a page polls only while its loader says something is under way", async () => {
    // The dashboard while an off-site upload runs: the third load finds it finished.
    let runs = 0;
    function Uploading() {
      const { run, uploading } = useLoaderData<{ run: number; uploading: boolean }>();
      useRevalidateOnInterval(uploading ? 5000 : null);
      return <p>{`Carga ${run}`}</p>;
    }
    const Stub = createRemixStub([
      {
        path: "/",
        Component: Uploading,
        loader: () => {
          runs += 1;
          return json({ run: runs, uploading: runs < 3 });
        },
      },
    ]);
    render(<Stub />);
    await firstLoad();
    await advance(5000);
    await screen.findByText("Carga 2");
    await advance(5000);
    await screen.findByText("Carga 3");

    await advance(60_000);
    setVisibility("hidden");
    setVisibility("visible");
    await advance(60_000);
    expect(runs).toBe(3);
  });
});
