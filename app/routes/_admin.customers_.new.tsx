// /customers/new: Add Customer. One zod schema checks the form in the browser and again here;
// an e-mail the shop already has is refused as soon as it is typed (and again on save). In a
// connected store the customer is created in Shopify (customerCreate) and Shopify's
// userErrors are shown next to the fields; in the demo it is stored locally.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useFetcher, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Card, Checkbox, FormLayout, TextField } from "@shopify/polaris";
import { useRef, useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { addCustomerSchema } from "~/features/customers";
import { addCustomer, emailTaken } from "~/features/customers/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { FieldError, fieldErrorsOf, readForm, type FieldErrors } from "~/lib/forms";

export const permissions = { loader: "write", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Add Customer · Profit Pilot" }];

const DUPLICATE = "A customer with this e-mail already exists";

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  // The form asks whether an e-mail is taken while it is typed.
  const email = new URL(request.url).searchParams.get("email")?.trim().toLowerCase() ?? "";
  const checked = email && email.length <= 254 ? await emailTaken(shop.id, email) : false;
  return { demo: shop.isDemo, checkedEmail: email, emailTaken: checked };
}

type ActionResult = { fieldErrors: FieldErrors };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data<ActionResult>({ fieldErrors: read.fieldErrors }, { status: 400 });
  const parsed = addCustomerSchema.safeParse(read.values);
  if (!parsed.success) return data<ActionResult>({ fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  try {
    const created = await addCustomer(ctx, parsed.data, ctx.admin.graphql);
    return redirect(`/customers/${created.id}`);
  } catch (error) {
    if (error instanceof FieldError) return data<ActionResult>({ fieldErrors: error.fieldErrors }, { status: 400 });
    throw error;
  }
}

export default function AddCustomer() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const check = useFetcher<typeof loader>();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "", phone: "", acceptsMarketing: false });
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors: FieldErrors = { ...(clientErrors ?? result?.fieldErrors ?? {}) };
  const typed = values.email.trim().toLowerCase();
  if (check.data?.emailTaken && check.data.checkedEmail === typed) errors.email = [DUPLICATE];
  const set = (key: keyof typeof values) => (value: string | boolean) => {
    setValues((v) => ({ ...v, [key]: value }));
    setClientErrors(null);
  };
  const submit = () => {
    const parsed = addCustomerSchema.safeParse(values);
    if (!parsed.success) return setClientErrors(fieldErrorsOf(parsed.error));
    if (errors.email?.includes(DUPLICATE)) return;
    form.current?.requestSubmit();
  };
  const first = (key: string) => errors[key]?.[0];
  return (
    <AdminPage
      title="Add Customer"
      primaryAction={{ content: "Save", loading: navigation.state === "submitting", onAction: submit }}
      secondaryActions={[{ content: "Cancel", url: "/customers" }]}
    >
      <Card>
        <Form
          method="post"
          ref={form}
          noValidate
          onSubmit={(event) => {
            if (!addCustomerSchema.safeParse(values).success) {
              event.preventDefault();
              submit();
            }
          }}
        >
          <BlockStack gap="400">
            {first("_form") && <Banner tone="critical">{first("_form")}</Banner>}
            <FormLayout>
              <FormLayout.Group>
                <TextField
                  label="First name"
                  name="firstName"
                  value={values.firstName}
                  onChange={set("firstName")}
                  error={first("firstName")}
                  autoComplete="off"
                  maxLength={100}
                />
                <TextField
                  label="Last name"
                  name="lastName"
                  value={values.lastName}
                  onChange={set("lastName")}
                  error={first("lastName")}
                  autoComplete="off"
                  maxLength={100}
                />
              </FormLayout.Group>
              <TextField
                label="E-mail"
                name="email"
                type="email"
                value={values.email}
                onChange={set("email")}
                onBlur={() => typed && check.load(`/customers/new?email=${encodeURIComponent(typed)}`)}
                error={first("email")}
                autoComplete="off"
                maxLength={254}
              />
              <TextField
                label="Phone"
                name="phone"
                type="tel"
                value={values.phone}
                onChange={set("phone")}
                error={first("phone")}
                helpText="International format, like +14155550123"
                autoComplete="off"
                maxLength={20}
              />
              <Checkbox
                label="Customer agreed to receive marketing e-mails"
                checked={values.acceptsMarketing}
                onChange={set("acceptsMarketing")}
                error={first("acceptsMarketing")}
              />
              {values.acceptsMarketing && <input type="hidden" name="acceptsMarketing" value="true" />}
            </FormLayout>
          </BlockStack>
        </Form>
      </Card>
    </AdminPage>
  );
}
