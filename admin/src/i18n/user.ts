/** Dutch for the user edit page (admin/src/pages/user) and the API answers it shows; the English text is the key. */
export const userNl: Record<string, string> = {
  // tabs and header
  General: 'Algemeen',
  'Payment details': 'Betaalgegevens',
  You: 'Jij',

  // payment details
  'Anonymous users have no payment details': 'Anonieme gebruikers hebben geen betaalgegevens',
  Balance: 'Saldo',
  Credit: 'Tegoed',
  Debt: 'Schuld',
  Actions: 'Acties',
  'Refund via payment provider': 'Terugbetalen via de betaalprovider',
  'Refund via bank account number': 'Terugbetalen via rekeningnummer',
  'Refund all leftover credit of this user through the payment provider?': 'Al het resterende tegoed van deze gebruiker terugbetalen via de betaalprovider?',
  'Refund all leftover credit of this user to their bank account?': 'Al het resterende tegoed van deze gebruiker terugbetalen naar de bankrekening?',
  'Sync all payments': 'Alle betalingen synchroniseren',
  'Fetch bank account number': 'Rekeningnummer ophalen',
  'Add credits': 'Tegoed toevoegen',
  Note: 'Notitie',

  // spec strings, verbatim in English
  'Please enter a valid amount': 'Vul een geldig bedrag in',
  'Could not add credits': 'Kon geen tegoed toevoegen',
  'Successfully updated!': 'Succesvol bijgewerkt!',
  'Whoops, something went wrong!': 'Oeps, er ging iets mis!',

  // the API's answers to the per-user actions
  'Nothing to sync': 'Niets om te synchroniseren',
  'No online payments to ask the bank account of': 'Geen online betalingen om het rekeningnummer van op te vragen',
  'The payment provider knows no bank account of this user': 'De betaalprovider kent geen rekeningnummer van deze gebruiker',
  'The payment provider sent an account number that is not a valid IBAN': 'De betaalprovider stuurde een rekeningnummer dat geen geldige IBAN is',
  'Only a paid transaction can be refunded': 'Alleen een betaalde transactie kan worden terugbetaald',
  'You do not have the right to do this': 'Je hebt niet het recht om dit te doen',
};
