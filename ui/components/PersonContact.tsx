import { Link as ChakraLink } from "@chakra-ui/react";
import type { ContactPerson } from "../../server/contracts/firstSteps";
import { mailtoHref } from "../lib/text";

/** Someone to write to: "Name (email)" with the address a mail link; the address alone when it is the name too. */
export function PersonContact({ person }: { person: ContactPerson }) {
  const href = mailtoHref(person.email);
  if (href && person.name === person.email) return <ChakraLink href={href}>{person.email}</ChakraLink>;
  return (
    <>
      {person.name}
      {href && (
        <>
          {" ("}
          <ChakraLink href={href}>{person.email}</ChakraLink>
          {")"}
        </>
      )}
    </>
  );
}
