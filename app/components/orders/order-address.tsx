import { useLocale } from "../../i18n/index.ts";
import type { PostalAddress } from "../../../core/orders/index.ts";
import { countryName } from "../../lib/format.ts";

export function Address({ address }: { address: PostalAddress }) {
  const locale = useLocale();
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return (
    <address className="break-words not-italic">
      {address.name}
      {address.street ? (
        <>
          <br />
          {address.street}
        </>
      ) : null}
      {cityLine ? (
        <>
          <br />
          {cityLine}
        </>
      ) : null}
      <br />
      {countryName(locale, address.country)}
    </address>
  );
}
