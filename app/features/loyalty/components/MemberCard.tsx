// A customer's loyalty standing on their page (/customers/{id}): tier and points balance, from
// the member row the ledger keeps (LoyaltyMember).
import { Link } from "@remix-run/react";
import { BlockStack, Card, Text } from "@shopify/polaris";
import type { MemberStanding } from "~/features/loyalty/members.server";

const n = (x: number) => (x || 0).toLocaleString("en-US");

export function MemberCard({ member }: { member: MemberStanding }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Loyalty
        </Text>
        {member ? (
          <>
            <Text as="p">
              Tier: <span data-testid="loyalty-tier">{member.tier ?? "No tier yet"}</span>
            </Text>
            <Text as="p">
              Points balance: <span data-testid="loyalty-balance">{n(member.balance)}</span>
            </Text>
            <Text as="p" tone="subdued" variant="bodySm">
              {n(member.earned)} earned · {n(member.redeemed)} redeemed
            </Text>
          </>
        ) : (
          <Text as="p" tone="subdued">
            Not a member of the <Link to="/loyalty">loyalty program</Link> yet.
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
