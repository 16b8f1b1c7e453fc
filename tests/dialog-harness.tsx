// Renders a dialog as the admin does (Polaris, the Frame and its toast) under a real router
// route whose action records each post and answers with `answer`: for the dialogs' tests.
import { AppProvider, Frame } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { configure, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { ToastProvider } from "~/components/toasts";
import type { Refusal } from "~/lib/forms";

// A post's answer comes back through the router: on a loaded machine later than findBy/waitFor's 1 s.
configure({ asyncUtilTimeout: 10_000 });

export function renderDialog(
  node: ReactNode,
  answer: (form: FormData) => unknown = () => ({ ok: true }),
  /** Where the dialog posts when not to its page (a JSON API such as /api/team). */
  apiPath?: string,
) {
  const posted: FormData[] = [];
  const bodies: unknown[] = [];
  const action = async ({ request }: { request: Request }) => {
    if (request.headers.get("Content-Type")?.includes("application/json")) {
      const body = await request.json();
      bodies.push(body);
      return answer(body as FormData);
    }
    const form = await request.formData();
    posted.push(form);
    return answer(form);
  };
  const router = createMemoryRouter([
    ...(apiPath ? [{ path: apiPath, action }] : []),
    {
      path: "/",
      action,
      element: (
        <AppProvider i18n={en}>
          <Frame>
            <ToastProvider>
              <h1>The page</h1>
              {node}
            </ToastProvider>
          </Frame>
        </AppProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return { posted, bodies };
}

/** What answeringRefusals answers a Viewer's post with (HTTP 403). */
export const viewerRefusal: Refusal = {
  ok: false,
  refused: "Your role (Viewer) cannot do this. Ask an Owner or Admin of this store.",
  fieldErrors: {},
};

/** The text of the error toast on screen, if any. */
export const errorToast = () => document.querySelector(".Polaris-Frame-Toast--error")?.textContent ?? null;
