// Three placeholder cards while the insights load (admin-and-public.md §9: 3 skeletons).
import { BlockStack, Card, SkeletonBodyText, SkeletonDisplayText } from "@shopify/polaris";

export const SKELETON_COUNT = 3;

export function InsightsSkeleton() {
  return (
    <BlockStack gap="400">
      {Array.from({ length: SKELETON_COUNT }, (_, i) => (
        <Card key={i}>
          <BlockStack gap="300">
            <SkeletonDisplayText size="small" />
            <SkeletonBodyText lines={3} />
          </BlockStack>
        </Card>
      ))}
    </BlockStack>
  );
}
