// Login for opening the app outside the admin: the merchant types the shop domain.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppProvider, Button, Card, FormLayout, Page, Text, TextField } from "@shopify/polaris";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import en from "@shopify/polaris/locales/en.json";
import { useState } from "react";
import { LoginErrorType } from "@shopify/shopify-app-remix/server";
import { env } from "~/env.server";
import { shopify } from "~/shopify.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

type Errors = { shop?: string };

function loginErrors(result: unknown): Errors {
  const r = result as { shop?: LoginErrorType } | undefined;
  if (r?.shop === LoginErrorType.MissingShop) return { shop: "Please enter your shop domain to log in" };
  if (r?.shop === LoginErrorType.InvalidShop) return { shop: "Please enter a valid shop domain to log in" };
  return {};
}

// The demo has no Shopify app to log in to: the page says so instead of failing.
export async function loader({ request }: LoaderFunctionArgs) {
  if (!env.shopify) return { demo: true, errors: {} as Errors };
  return { demo: false, errors: loginErrors(await shopify().login(request)) };
}

export async function action({ request }: ActionFunctionArgs) {
  if (!env.shopify) return { errors: {} as Errors };
  return { errors: loginErrors(await shopify().login(request)) };
}

export default function Login() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [shop, setShop] = useState("");
  const errors = actionData?.errors ?? loaderData.errors;
  if (loaderData.demo) return <DemoNotice />;
  return (
    <AppProvider i18n={en}>
      <Page narrowWidth>
        <Card>
          <Form method="post">
            <FormLayout>
              <Text variant="headingMd" as="h1">
                Log in
              </Text>
              <TextField
                type="text"
                name="shop"
                label="Shop domain"
                helpText="example.myshopify.com"
                value={shop}
                onChange={setShop}
                autoComplete="on"
                error={errors.shop}
              />
              <Button submit>Log in</Button>
            </FormLayout>
          </Form>
        </Card>
      </Page>
    </AppProvider>
  );
}

function DemoNotice() {
  return (
    <AppProvider i18n={en}>
      <Page narrowWidth>
        <Card>
          <FormLayout>
            <Text variant="headingMd" as="h1">
              No login needed in the demo
            </Text>
            <Text as="p">
              This copy of the app runs on a demo store without Shopify, so there is nothing to log in to. Installed
              from the Shopify App Store, the app opens inside your Shopify admin and signs you in there.
            </Text>
            <Button url="/dashboard" variant="primary">
              Open the demo dashboard
            </Button>
          </FormLayout>
        </Card>
      </Page>
    </AppProvider>
  );
}
