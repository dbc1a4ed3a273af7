import { render, screen } from "@testing-library/react";
import { Component, Suspense, type ReactNode } from "react";
import { describe, expect, test } from "vitest";
import { shownLater } from "~/utils/shown-later";

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
