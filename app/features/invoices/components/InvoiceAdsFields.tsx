// The create form's optional marketing ads: title, position, description, links; rotation.
import { BlockStack, Box, Button, Checkbox, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { newAdRow, type AdRow } from "~/features/invoices/form";
import { AD_POSITIONS } from "~/features/invoices/schema";
import { capitalize } from "~/features/invoices/screen";

type Props = {
  ads: AdRow[];
  rotation: boolean;
  error: (key: string) => string | undefined;
  onChange: (index: number, field: keyof AdRow, value: string) => void;
  onAds: (update: (ads: AdRow[]) => AdRow[]) => void;
  onRotation: (on: boolean) => void;
};

export function InvoiceAdsFields({ ads, rotation, error, onChange, onAds, onRotation }: Props) {
  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" blockAlign="center">
        <Text as="h3" variant="headingSm">
          Marketing ads (optional)
        </Text>
        <Button size="slim" disabled={ads.length >= 10} onClick={() => onAds((rows) => [...rows, newAdRow()])}>
          Add ad
        </Button>
      </InlineStack>
      {ads.map((ad, i) => (
        <Box key={ad.key} borderWidth="025" borderColor="border" borderRadius="200" padding="300">
          <FormLayout>
            <FormLayout.Group>
              <TextField
                label="Ad title"
                value={ad.title}
                onChange={(v) => onChange(i, "title", v)}
                autoComplete="off"
                error={error(`marketing_ads.${i}.title`)}
              />
              <Select
                label="Position"
                options={AD_POSITIONS.map((p) => ({ label: capitalize(p), value: p }))}
                value={ad.position}
                onChange={(v) => onChange(i, "position", v)}
                error={error(`marketing_ads.${i}.position`)}
              />
            </FormLayout.Group>
            <TextField
              label="Ad description"
              value={ad.description}
              onChange={(v) => onChange(i, "description", v)}
              autoComplete="off"
              error={error(`marketing_ads.${i}.description`)}
            />
            <FormLayout.Group>
              <TextField
                label="Link URL"
                value={ad.linkUrl}
                onChange={(v) => onChange(i, "linkUrl", v)}
                autoComplete="off"
                placeholder="https://"
                error={error(`marketing_ads.${i}.linkUrl`)}
              />
              <TextField
                label="Image URL"
                value={ad.imageUrl}
                onChange={(v) => onChange(i, "imageUrl", v)}
                autoComplete="off"
                placeholder="https://"
                error={error(`marketing_ads.${i}.imageUrl`)}
              />
            </FormLayout.Group>
            <div>
              <Button
                size="slim"
                onClick={() => onAds((rows) => rows.filter((_, j) => j !== i))}
                accessibilityLabel={`Remove ad ${i + 1}`}
              >
                Remove ad
              </Button>
            </div>
          </FormLayout>
        </Box>
      ))}
      {ads.length > 1 && (
        <Checkbox
          label="Rotate ads"
          checked={rotation}
          onChange={onRotation}
          helpText="Each e-mail for this invoice (the invoice, then each reminder) shows the next ad per position."
        />
      )}
    </BlockStack>
  );
}
