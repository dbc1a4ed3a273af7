import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import { act, render, screen } from "@testing-library/react";
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { ShownLaterBoundary, shownLater } from "~/utils/shown-later";

/*
 * Decision 112's helper in the browser (happy-dom has a document): the part's code is fetched
 * when it is first rendered, and a fetch that fails shows `onFailure`, or reaches the nearest
 * error boundary when there is none. On the server it is the server's own component (the
 * integration and e2e tests of the pages that use it render it there).
 */
const Greeting = ({ name }: { name: string }) => <p>Hola, {name}</p>;
const Offline = () => <p>Sin conexión</p>;

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p>Algo salió mal</p> : this.props.children;
  }
}

describe("shownLater", () => {
  test("fetches the part's code when it is first shown, not before", async () => {
    let fetched = 0;
    const Later = shownLater(Offline, async () => {
      fetched++;
      return Greeting;
    });
    expect(fetched).toBe(0);
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <Later name="Ana" />
      </Suspense>,
    );
    expect(await screen.findByText("Hola, Ana")).toBeTruthy();
    expect(fetched).toBe(1);
  });

  test("shows onFailure when the code cannot be fetched", async () => {
    const Later = shownLater(
      Greeting,
      () => Promise.reject(new Error("offline")),
      () => <p>Sin conexión</p>,
    );
    render(
      <Suspense fallback={null}>
        <Later name="Ana" />
      </Suspense>,
    );
    expect(await screen.findByText("Sin conexión")).toBeTruthy();
  });

  test("without onFailure, a failed fetch reaches the error boundary", async () => {
    const Later = shownLater(Greeting, () => Promise.reject(new Error("offline")));
    const quiet = console.error;
    console.error = () => {};
    try {
      render(
        <Boundary>
          <Suspense fallback={null}>
            <Later name="Ana" />
          </Suspense>
        </Boundary>,
      );
      expect(await screen.findByText("Algo salió mal")).toBeTruthy();
    } finally {
      console.error = quiet;
    }
  });
});

/*
 * Decision 126, as <RemixBrowser> does on a navigation: a new RemixContext object with the same
 * contents, set outside a transition, while a part's code is still on its way.
 */
describe("a part's server HTML while its code is on its way", () => {
  function Part() {
    const ref = useRef<HTMLDetailsElement>(null);
    // Runs once the browser's code has taken the part over.
    useEffect(() => ref.current?.setAttribute("data-running", ""), []);
    return (
      <details ref={ref}>
        <summary>Escribir reseña</summary>
      </details>
    );
  }
  const remix = { manifest: {}, routeModules: {}, future: {}, isSpaMode: false };
  let navigate = () => {};
  function Browser({ children }: { children: ReactNode }) {
    const [, setLocation] = useState(0);
    navigate = () => setLocation((location) => location + 1);
    return <RemixContext.Provider value={{ ...remix } as never}>{children}</RemixContext.Provider>;
  }

  /** The <details> the shopper opened, once the code has come: still the server's, and open? */
  async function openAfterNavigation(Boundary: ComponentType<{ children: ReactNode }>) {
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(
      <Browser>
        <Boundary>
          <Part />
        </Boundary>
      </Browser>,
    );
    const opened = container.querySelector("details")!;
    opened.open = true;
    let arrive = () => {};
    const Later = lazy(
      () =>
        new Promise<{ default: typeof Part }>(
          (resolve) => (arrive = () => resolve({ default: Part })),
        ),
    );
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await act(async () => {
        hydrateRoot(
          container,
          <Browser>
            <Boundary>
              <Later />
            </Boundary>
          </Browser>,
          { onRecoverableError: () => {} },
        );
      });
      await act(async () => navigate());
      await act(async () => arrive());
      const shown = container.querySelector("details");
      return {
        same: shown === opened,
        open: shown?.open,
        running: shown?.hasAttribute("data-running"),
      };
    } finally {
      quiet.mockRestore();
      container.remove();
    }
  }

  test("React renders a plain Suspense boundary afresh, closed (the cause)", async () => {
    const Plain = ({ children }: { children: ReactNode }) => (
      <Suspense fallback={null}>{children}</Suspense>
    );
    expect(await openAfterNavigation(Plain)).toEqual({ same: false, open: false, running: true });
  });

  test("ShownLaterBoundary keeps it, open, and hydrates it when the code comes", async () => {
    expect(await openAfterNavigation(ShownLaterBoundary)).toEqual({
      same: true,
      open: true,
      running: true,
    });
  });
});
