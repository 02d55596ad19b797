/**
 * The sandbox's page texts in every locale the element ships (page-texts.ts resolves a tag to
 * them). English is whole; each other locale gives every key (the type says so).
 */
export interface PageTexts {
  pay_by_card: string;
  card_number: string;
  expiry: string;
  security_code: string;
  name_on_card: string;
  pay: string;
  cancel: string;
  /** The sandbox's hint under the card form. */
  card_hint: string;
  enter_card: string;
  enter_expiry: string;
  card_expired: string;
  enter_code: string;
  confirm_title: string;
  code_label: string;
  confirm: string;
  /** The sandbox's hint under the challenge. */
  challenge_hint: string;
  /** `{method}`: the payment method's name (PIX). */
  pay_with: string;
  cancel_payment: string;
  /** The name of the method coded BANK_TRANSFER, as the element names it (its locales). */
  bank_transfer: string;
}

export const ENGLISH: PageTexts = {
  pay_by_card: 'Pay by card', card_number: 'Card number', expiry: 'Expiry (MM/YY)', security_code: 'Security code',
  name_on_card: 'Name on card', pay: 'Pay', cancel: 'Cancel',
  card_hint: 'Sandbox: use 4111 1111 1111 1111 with any future expiry and any security code.',
  enter_card: 'Enter the card number: 12 to 19 digits.', enter_expiry: 'Enter the expiry as MM/YY.',
  card_expired: 'This card has expired. Check the expiry, or use another card.', enter_code: 'Enter the security code: 3 or 4 digits.',
  confirm_title: 'Confirm it is you', code_label: 'Code sent to your phone', confirm: 'Confirm',
  challenge_hint: 'Sandbox: 1234 passes the challenge; any other code fails it.',
  pay_with: 'Pay with {method}', cancel_payment: 'Cancel payment', bank_transfer: 'Bank transfer',
}; // prettier-ignore

export const PAGE_LOCALES: Readonly<Record<string, PageTexts>> = {
  ar: {
    pay_by_card: 'الدفع بالبطاقة', card_number: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (MM/YY)', security_code: 'رمز الأمان',
    name_on_card: 'الاسم على البطاقة', pay: 'ادفع', cancel: 'إلغاء',
    card_hint: 'بيئة الاختبار: استخدم 4111 1111 1111 1111 مع أي تاريخ انتهاء مستقبلي وأي رمز أمان.',
    enter_card: 'أدخل رقم البطاقة: من 12 إلى 19 رقمًا.', enter_expiry: 'أدخل تاريخ الانتهاء بالشكل MM/YY.',
    card_expired: 'انتهت صلاحية هذه البطاقة. تحقق من تاريخ الانتهاء أو استخدم بطاقة أخرى.', enter_code: 'أدخل رمز الأمان: 3 أو 4 أرقام.',
    confirm_title: 'أكّد هويتك', code_label: 'الرمز المرسل إلى هاتفك', confirm: 'تأكيد',
    challenge_hint: 'بيئة الاختبار: الرمز 1234 يجتاز التحقق، وأي رمز آخر يفشل.',
    pay_with: 'الدفع عبر {method}', cancel_payment: 'إلغاء الدفع', bank_transfer: 'تحويل بنكي',
  },
  cs: {
    pay_by_card: 'Platba kartou', card_number: 'Číslo karty', expiry: 'Platnost do (MM/RR)', security_code: 'Bezpečnostní kód',
    name_on_card: 'Jméno na kartě', pay: 'Zaplatit', cancel: 'Zrušit',
    card_hint: 'Testovací prostředí: použijte 4111 1111 1111 1111 s libovolnou budoucí platností a libovolným kódem.',
    enter_card: 'Zadejte číslo karty: 12 až 19 číslic.', enter_expiry: 'Zadejte platnost ve tvaru MM/RR.',
    card_expired: 'Platnost této karty vypršela. Zkontrolujte datum, nebo použijte jinou kartu.', enter_code: 'Zadejte bezpečnostní kód: 3 nebo 4 číslice.',
    confirm_title: 'Potvrďte, že jste to vy', code_label: 'Kód zaslaný na váš telefon', confirm: 'Potvrdit',
    challenge_hint: 'Testovací prostředí: kód 1234 ověření projde, jakýkoli jiný ne.',
    pay_with: 'Zaplatit přes {method}', cancel_payment: 'Zrušit platbu', bank_transfer: 'Bankovní převod',
  },
  da: {
    pay_by_card: 'Betal med kort', card_number: 'Kortnummer', expiry: 'Udløbsdato (MM/ÅÅ)', security_code: 'Sikkerhedskode',
    name_on_card: 'Navn på kortet', pay: 'Betal', cancel: 'Annuller',
    card_hint: 'Testmiljø: brug 4111 1111 1111 1111 med en vilkårlig fremtidig udløbsdato og en vilkårlig sikkerhedskode.',
    enter_card: 'Indtast kortnummeret: 12 til 19 cifre.', enter_expiry: 'Indtast udløbsdatoen som MM/ÅÅ.',
    card_expired: 'Kortet er udløbet. Tjek udløbsdatoen, eller brug et andet kort.', enter_code: 'Indtast sikkerhedskoden: 3 eller 4 cifre.',
    confirm_title: 'Bekræft, at det er dig', code_label: 'Kode sendt til din telefon', confirm: 'Bekræft',
    challenge_hint: 'Testmiljø: 1234 består kontrollen; alle andre koder afvises.',
    pay_with: 'Betal med {method}', cancel_payment: 'Annuller betalingen', bank_transfer: 'Bankoverførsel',
  },
  de: {
    pay_by_card: 'Mit Karte bezahlen', card_number: 'Kartennummer', expiry: 'Gültig bis (MM/JJ)', security_code: 'Sicherheitscode',
    name_on_card: 'Name auf der Karte', pay: 'Bezahlen', cancel: 'Abbrechen',
    card_hint: 'Testumgebung: 4111 1111 1111 1111 mit beliebigem künftigem Ablaufdatum und beliebigem Sicherheitscode verwenden.',
    enter_card: 'Geben Sie die Kartennummer ein: 12 bis 19 Ziffern.', enter_expiry: 'Geben Sie das Ablaufdatum als MM/JJ ein.',
    card_expired: 'Diese Karte ist abgelaufen. Prüfen Sie das Ablaufdatum oder nehmen Sie eine andere Karte.', enter_code: 'Geben Sie den Sicherheitscode ein: 3 oder 4 Ziffern.',
    confirm_title: 'Bestätigen Sie, dass Sie es sind', code_label: 'An Ihr Telefon gesendeter Code', confirm: 'Bestätigen',
    challenge_hint: 'Testumgebung: 1234 besteht die Prüfung, jeder andere Code nicht.',
    pay_with: 'Mit {method} bezahlen', cancel_payment: 'Zahlung abbrechen', bank_transfer: 'Banküberweisung',
  },
  el: {
    pay_by_card: 'Πληρωμή με κάρτα', card_number: 'Αριθμός κάρτας', expiry: 'Λήξη (ΜΜ/ΕΕ)', security_code: 'Κωδικός ασφαλείας',
    name_on_card: 'Όνομα στην κάρτα', pay: 'Πληρωμή', cancel: 'Ακύρωση',
    card_hint: 'Δοκιμαστικό περιβάλλον: χρησιμοποιήστε 4111 1111 1111 1111 με οποιαδήποτε μελλοντική λήξη και οποιονδήποτε κωδικό.',
    enter_card: 'Εισαγάγετε τον αριθμό κάρτας: 12 έως 19 ψηφία.', enter_expiry: 'Εισαγάγετε τη λήξη ως ΜΜ/ΕΕ.',
    card_expired: 'Η κάρτα έχει λήξει. Ελέγξτε τη λήξη ή χρησιμοποιήστε άλλη κάρτα.', enter_code: 'Εισαγάγετε τον κωδικό ασφαλείας: 3 ή 4 ψηφία.',
    confirm_title: 'Επιβεβαιώστε ότι είστε εσείς', code_label: 'Κωδικός που στάλθηκε στο τηλέφωνό σας', confirm: 'Επιβεβαίωση',
    challenge_hint: 'Δοκιμαστικό περιβάλλον: ο κωδικός 1234 περνά τον έλεγχο· κάθε άλλος αποτυγχάνει.',
    pay_with: 'Πληρωμή με {method}', cancel_payment: 'Ακύρωση πληρωμής', bank_transfer: 'Τραπεζική μεταφορά',
  },
  es: {
    pay_by_card: 'Pagar con tarjeta', card_number: 'Número de tarjeta', expiry: 'Caducidad (MM/AA)', security_code: 'Código de seguridad',
    name_on_card: 'Nombre en la tarjeta', pay: 'Pagar', cancel: 'Cancelar',
    card_hint: 'Entorno de pruebas: usa 4111 1111 1111 1111 con cualquier caducidad futura y cualquier código de seguridad.',
    enter_card: 'Introduce el número de tarjeta: de 12 a 19 dígitos.', enter_expiry: 'Introduce la caducidad como MM/AA.',
    card_expired: 'Esta tarjeta ha caducado. Revisa la caducidad o usa otra tarjeta.', enter_code: 'Introduce el código de seguridad: 3 o 4 dígitos.',
    confirm_title: 'Confirma que eres tú', code_label: 'Código enviado a tu teléfono', confirm: 'Confirmar',
    challenge_hint: 'Entorno de pruebas: 1234 supera la verificación; cualquier otro código la falla.',
    pay_with: 'Pagar con {method}', cancel_payment: 'Cancelar el pago', bank_transfer: 'Transferencia bancaria',
  },
  fi: {
    pay_by_card: 'Maksa kortilla', card_number: 'Kortin numero', expiry: 'Voimassa (KK/VV)', security_code: 'Turvakoodi',
    name_on_card: 'Nimi kortissa', pay: 'Maksa', cancel: 'Peruuta',
    card_hint: 'Testiympäristö: käytä numeroa 4111 1111 1111 1111, mitä tahansa tulevaa voimassaoloa ja mitä tahansa turvakoodia.',
    enter_card: 'Anna kortin numero: 12–19 numeroa.', enter_expiry: 'Anna voimassaolo muodossa KK/VV.',
    card_expired: 'Kortti on vanhentunut. Tarkista voimassaolo tai käytä toista korttia.', enter_code: 'Anna turvakoodi: 3 tai 4 numeroa.',
    confirm_title: 'Vahvista henkilöllisyytesi', code_label: 'Puhelimeesi lähetetty koodi', confirm: 'Vahvista',
    challenge_hint: 'Testiympäristö: 1234 läpäisee tarkistuksen, muut koodit eivät.',
    pay_with: 'Maksa: {method}', cancel_payment: 'Peruuta maksu', bank_transfer: 'Pankkisiirto',
  },
  fr: {
    pay_by_card: 'Payer par carte', card_number: 'Numéro de carte', expiry: 'Expiration (MM/AA)', security_code: 'Code de sécurité',
    name_on_card: 'Nom sur la carte', pay: 'Payer', cancel: 'Annuler',
    card_hint: 'Environnement de test : utilisez 4111 1111 1111 1111 avec une date d’expiration future et un code quelconques.',
    enter_card: 'Saisissez le numéro de carte : 12 à 19 chiffres.', enter_expiry: 'Saisissez l’expiration au format MM/AA.',
    card_expired: 'Cette carte a expiré. Vérifiez la date ou utilisez une autre carte.', enter_code: 'Saisissez le code de sécurité : 3 ou 4 chiffres.',
    confirm_title: 'Confirmez qu’il s’agit bien de vous', code_label: 'Code envoyé sur votre téléphone', confirm: 'Confirmer',
    challenge_hint: 'Environnement de test : 1234 réussit la vérification ; tout autre code l’échoue.',
    pay_with: 'Payer avec {method}', cancel_payment: 'Annuler le paiement', bank_transfer: 'Virement bancaire',
  },
  he: {
    pay_by_card: 'תשלום בכרטיס', card_number: 'מספר כרטיס', expiry: 'תוקף (MM/YY)', security_code: 'קוד אבטחה',
    name_on_card: 'השם על הכרטיס', pay: 'לתשלום', cancel: 'ביטול',
    card_hint: 'סביבת בדיקה: השתמשו ב-4111 1111 1111 1111 עם כל תוקף עתידי וכל קוד אבטחה.',
    enter_card: 'הזינו את מספר הכרטיס: 12 עד 19 ספרות.', enter_expiry: 'הזינו את התוקף בפורמט MM/YY.',
    card_expired: 'תוקף הכרטיס פג. בדקו את התוקף או השתמשו בכרטיס אחר.', enter_code: 'הזינו את קוד האבטחה: 3 או 4 ספרות.',
    confirm_title: 'אשרו שזה אתם', code_label: 'הקוד שנשלח לטלפון שלכם', confirm: 'אישור',
    challenge_hint: 'סביבת בדיקה: הקוד 1234 עובר את האימות; כל קוד אחר נכשל.',
    pay_with: 'תשלום ב-{method}', cancel_payment: 'ביטול התשלום', bank_transfer: 'העברה בנקאית',
  },
  hi: {
    pay_by_card: 'कार्ड से भुगतान करें', card_number: 'कार्ड नंबर', expiry: 'समाप्ति तिथि (MM/YY)', security_code: 'सुरक्षा कोड',
    name_on_card: 'कार्ड पर नाम', pay: 'भुगतान करें', cancel: 'रद्द करें',
    card_hint: 'सैंडबॉक्स: 4111 1111 1111 1111 का उपयोग करें, कोई भी भविष्य की समाप्ति तिथि और कोई भी सुरक्षा कोड।',
    enter_card: 'कार्ड नंबर दर्ज करें: 12 से 19 अंक।', enter_expiry: 'समाप्ति तिथि MM/YY के रूप में दर्ज करें।',
    card_expired: 'इस कार्ड की समय-सीमा समाप्त हो चुकी है। समाप्ति तिथि जाँचें या कोई दूसरा कार्ड इस्तेमाल करें।', enter_code: 'सुरक्षा कोड दर्ज करें: 3 या 4 अंक।',
    confirm_title: 'पुष्टि करें कि यह आप ही हैं', code_label: 'आपके फ़ोन पर भेजा गया कोड', confirm: 'पुष्टि करें',
    challenge_hint: 'सैंडबॉक्स: 1234 जाँच पास करता है; कोई भी दूसरा कोड विफल होता है।',
    pay_with: '{method} से भुगतान करें', cancel_payment: 'भुगतान रद्द करें', bank_transfer: 'बैंक ट्रांसफ़र',
  },
  hu: {
    pay_by_card: 'Fizetés kártyával', card_number: 'Kártyaszám', expiry: 'Lejárat (HH/ÉÉ)', security_code: 'Biztonsági kód',
    name_on_card: 'Név a kártyán', pay: 'Fizetés', cancel: 'Mégse',
    card_hint: 'Tesztkörnyezet: használja a 4111 1111 1111 1111 számot bármely jövőbeli lejárattal és bármely biztonsági kóddal.',
    enter_card: 'Adja meg a kártyaszámot: 12–19 számjegy.', enter_expiry: 'Adja meg a lejáratot HH/ÉÉ formában.',
    card_expired: 'A kártya lejárt. Ellenőrizze a lejáratot, vagy használjon másik kártyát.', enter_code: 'Adja meg a biztonsági kódot: 3 vagy 4 számjegy.',
    confirm_title: 'Erősítse meg, hogy Ön az', code_label: 'A telefonjára küldött kód', confirm: 'Megerősítés',
    challenge_hint: 'Tesztkörnyezet: az 1234 átmegy az ellenőrzésen, minden más kód elbukik.',
    pay_with: 'Fizetés ezzel: {method}', cancel_payment: 'Fizetés megszakítása', bank_transfer: 'Banki átutalás',
  },
  id: {
    pay_by_card: 'Bayar dengan kartu', card_number: 'Nomor kartu', expiry: 'Masa berlaku (BB/TT)', security_code: 'Kode keamanan',
    name_on_card: 'Nama pada kartu', pay: 'Bayar', cancel: 'Batal',
    card_hint: 'Sandbox: gunakan 4111 1111 1111 1111 dengan masa berlaku mendatang apa pun dan kode keamanan apa pun.',
    enter_card: 'Masukkan nomor kartu: 12 sampai 19 digit.', enter_expiry: 'Masukkan masa berlaku sebagai BB/TT.',
    card_expired: 'Kartu ini sudah kedaluwarsa. Periksa masa berlaku, atau gunakan kartu lain.', enter_code: 'Masukkan kode keamanan: 3 atau 4 digit.',
    confirm_title: 'Konfirmasi bahwa ini Anda', code_label: 'Kode yang dikirim ke ponsel Anda', confirm: 'Konfirmasi',
    challenge_hint: 'Sandbox: 1234 lolos verifikasi; kode lain gagal.',
    pay_with: 'Bayar dengan {method}', cancel_payment: 'Batalkan pembayaran', bank_transfer: 'Transfer bank',
  },
  it: {
    pay_by_card: 'Paga con carta', card_number: 'Numero della carta', expiry: 'Scadenza (MM/AA)', security_code: 'Codice di sicurezza',
    name_on_card: 'Nome sulla carta', pay: 'Paga', cancel: 'Annulla',
    card_hint: 'Ambiente di prova: usa 4111 1111 1111 1111 con una scadenza futura e un codice di sicurezza qualsiasi.',
    enter_card: 'Inserisci il numero della carta: da 12 a 19 cifre.', enter_expiry: 'Inserisci la scadenza nel formato MM/AA.',
    card_expired: 'Questa carta è scaduta. Controlla la scadenza o usa un’altra carta.', enter_code: 'Inserisci il codice di sicurezza: 3 o 4 cifre.',
    confirm_title: 'Conferma che sei tu', code_label: 'Codice inviato al tuo telefono', confirm: 'Conferma',
    challenge_hint: 'Ambiente di prova: 1234 supera la verifica; qualsiasi altro codice la fallisce.',
    pay_with: 'Paga con {method}', cancel_payment: 'Annulla il pagamento', bank_transfer: 'Bonifico bancario',
  },
  ja: {
    pay_by_card: 'カードで支払う', card_number: 'カード番号', expiry: '有効期限（MM/YY）', security_code: 'セキュリティコード',
    name_on_card: 'カード名義', pay: '支払う', cancel: 'キャンセル',
    card_hint: 'サンドボックス：4111 1111 1111 1111 と、未来の任意の有効期限・任意のセキュリティコードを使ってください。',
    enter_card: 'カード番号を入力してください（12〜19桁）。', enter_expiry: '有効期限を MM/YY の形式で入力してください。',
    card_expired: 'このカードは有効期限が切れています。有効期限を確認するか、別のカードをお使いください。', enter_code: 'セキュリティコードを入力してください（3桁または4桁）。',
    confirm_title: 'ご本人確認', code_label: 'お使いの電話に送信されたコード', confirm: '確認',
    challenge_hint: 'サンドボックス：1234 で認証に成功し、それ以外のコードでは失敗します。',
    pay_with: '{method}で支払う', cancel_payment: '支払いをキャンセル', bank_transfer: '銀行振込',
  },
  ko: {
    pay_by_card: '카드로 결제', card_number: '카드 번호', expiry: '유효기간 (MM/YY)', security_code: '보안 코드',
    name_on_card: '카드 소유자 이름', pay: '결제하기', cancel: '취소',
    card_hint: '샌드박스: 4111 1111 1111 1111과 미래의 아무 유효기간, 아무 보안 코드를 사용하세요.',
    enter_card: '카드 번호를 입력하세요: 12~19자리.', enter_expiry: '유효기간을 MM/YY 형식으로 입력하세요.',
    card_expired: '유효기간이 지난 카드입니다. 유효기간을 확인하거나 다른 카드를 사용하세요.', enter_code: '보안 코드를 입력하세요: 3자리 또는 4자리.',
    confirm_title: '본인 확인', code_label: '휴대폰으로 전송된 코드', confirm: '확인',
    challenge_hint: '샌드박스: 1234는 인증을 통과하고, 다른 코드는 실패합니다.',
    pay_with: '{method}(으)로 결제', cancel_payment: '결제 취소', bank_transfer: '계좌 이체',
  },
  nb: {
    pay_by_card: 'Betal med kort', card_number: 'Kortnummer', expiry: 'Utløpsdato (MM/ÅÅ)', security_code: 'Sikkerhetskode',
    name_on_card: 'Navn på kortet', pay: 'Betal', cancel: 'Avbryt',
    card_hint: 'Testmiljø: bruk 4111 1111 1111 1111 med en hvilken som helst fremtidig utløpsdato og sikkerhetskode.',
    enter_card: 'Skriv inn kortnummeret: 12 til 19 sifre.', enter_expiry: 'Skriv inn utløpsdatoen som MM/ÅÅ.',
    card_expired: 'Kortet er utløpt. Sjekk utløpsdatoen, eller bruk et annet kort.', enter_code: 'Skriv inn sikkerhetskoden: 3 eller 4 sifre.',
    confirm_title: 'Bekreft at det er deg', code_label: 'Kode sendt til telefonen din', confirm: 'Bekreft',
    challenge_hint: 'Testmiljø: 1234 består kontrollen; alle andre koder avvises.',
    pay_with: 'Betal med {method}', cancel_payment: 'Avbryt betalingen', bank_transfer: 'Bankoverføring',
  },
  nl: {
    pay_by_card: 'Betalen met kaart', card_number: 'Kaartnummer', expiry: 'Vervaldatum (MM/JJ)', security_code: 'Beveiligingscode',
    name_on_card: 'Naam op de kaart', pay: 'Betalen', cancel: 'Annuleren',
    card_hint: 'Testomgeving: gebruik 4111 1111 1111 1111 met een willekeurige toekomstige vervaldatum en beveiligingscode.',
    enter_card: 'Vul het kaartnummer in: 12 tot 19 cijfers.', enter_expiry: 'Vul de vervaldatum in als MM/JJ.',
    card_expired: 'Deze kaart is verlopen. Controleer de vervaldatum of gebruik een andere kaart.', enter_code: 'Vul de beveiligingscode in: 3 of 4 cijfers.',
    confirm_title: 'Bevestig dat u het bent', code_label: 'Code verstuurd naar uw telefoon', confirm: 'Bevestigen',
    challenge_hint: 'Testomgeving: 1234 slaagt voor de controle; elke andere code faalt.',
    pay_with: 'Betalen met {method}', cancel_payment: 'Betaling annuleren', bank_transfer: 'Bankoverschrijving',
  },
  pl: {
    pay_by_card: 'Zapłać kartą', card_number: 'Numer karty', expiry: 'Data ważności (MM/RR)', security_code: 'Kod zabezpieczający',
    name_on_card: 'Imię i nazwisko na karcie', pay: 'Zapłać', cancel: 'Anuluj',
    card_hint: 'Środowisko testowe: użyj 4111 1111 1111 1111 z dowolną przyszłą datą ważności i dowolnym kodem.',
    enter_card: 'Wpisz numer karty: od 12 do 19 cyfr.', enter_expiry: 'Wpisz datę ważności jako MM/RR.',
    card_expired: 'Ta karta straciła ważność. Sprawdź datę lub użyj innej karty.', enter_code: 'Wpisz kod zabezpieczający: 3 lub 4 cyfry.',
    confirm_title: 'Potwierdź, że to Ty', code_label: 'Kod wysłany na Twój telefon', confirm: 'Potwierdź',
    challenge_hint: 'Środowisko testowe: kod 1234 przechodzi weryfikację, każdy inny nie.',
    pay_with: 'Zapłać przez {method}', cancel_payment: 'Anuluj płatność', bank_transfer: 'Przelew bankowy',
  },
  'pt-BR': {
    pay_by_card: 'Pagar com cartão', card_number: 'Número do cartão', expiry: 'Validade (MM/AA)', security_code: 'Código de segurança',
    name_on_card: 'Nome no cartão', pay: 'Pagar', cancel: 'Cancelar',
    card_hint: 'Sandbox: use 4111 1111 1111 1111 com qualquer validade futura e qualquer código de segurança.',
    enter_card: 'Digite o número do cartão: de 12 a 19 dígitos.', enter_expiry: 'Digite a validade como MM/AA.',
    card_expired: 'Este cartão está vencido. Confira a validade ou use outro cartão.', enter_code: 'Digite o código de segurança: 3 ou 4 dígitos.',
    confirm_title: 'Confirme que é você', code_label: 'Código enviado para o seu celular', confirm: 'Confirmar',
    challenge_hint: 'Sandbox: 1234 passa na verificação; qualquer outro código falha.',
    pay_with: 'Pagar com {method}', cancel_payment: 'Cancelar pagamento', bank_transfer: 'Transferência bancária',
  },
  ro: {
    pay_by_card: 'Plătiți cu cardul', card_number: 'Numărul cardului', expiry: 'Data expirării (LL/AA)', security_code: 'Cod de securitate',
    name_on_card: 'Numele de pe card', pay: 'Plătiți', cancel: 'Anulați',
    card_hint: 'Mediu de test: folosiți 4111 1111 1111 1111 cu orice dată de expirare viitoare și orice cod de securitate.',
    enter_card: 'Introduceți numărul cardului: 12–19 cifre.', enter_expiry: 'Introduceți data expirării ca LL/AA.',
    card_expired: 'Acest card a expirat. Verificați data expirării sau folosiți alt card.', enter_code: 'Introduceți codul de securitate: 3 sau 4 cifre.',
    confirm_title: 'Confirmați că sunteți dumneavoastră', code_label: 'Codul trimis pe telefonul dumneavoastră', confirm: 'Confirmați',
    challenge_hint: 'Mediu de test: 1234 trece verificarea; orice alt cod eșuează.',
    pay_with: 'Plătiți cu {method}', cancel_payment: 'Anulați plata', bank_transfer: 'Transfer bancar',
  },
  ru: {
    pay_by_card: 'Оплата картой', card_number: 'Номер карты', expiry: 'Срок действия (ММ/ГГ)', security_code: 'Код безопасности',
    name_on_card: 'Имя на карте', pay: 'Оплатить', cancel: 'Отмена',
    card_hint: 'Тестовая среда: используйте 4111 1111 1111 1111 с любым будущим сроком действия и любым кодом.',
    enter_card: 'Введите номер карты: от 12 до 19 цифр.', enter_expiry: 'Введите срок действия в виде ММ/ГГ.',
    card_expired: 'Срок действия карты истёк. Проверьте дату или используйте другую карту.', enter_code: 'Введите код безопасности: 3 или 4 цифры.',
    confirm_title: 'Подтвердите, что это вы', code_label: 'Код, отправленный на ваш телефон', confirm: 'Подтвердить',
    challenge_hint: 'Тестовая среда: код 1234 проходит проверку, любой другой — нет.',
    pay_with: 'Оплатить через {method}', cancel_payment: 'Отменить платёж', bank_transfer: 'Банковский перевод',
  },
  sv: {
    pay_by_card: 'Betala med kort', card_number: 'Kortnummer', expiry: 'Giltigt till (MM/ÅÅ)', security_code: 'Säkerhetskod',
    name_on_card: 'Namn på kortet', pay: 'Betala', cancel: 'Avbryt',
    card_hint: 'Testmiljö: använd 4111 1111 1111 1111 med valfritt framtida utgångsdatum och valfri säkerhetskod.',
    enter_card: 'Ange kortnumret: 12 till 19 siffror.', enter_expiry: 'Ange utgångsdatum som MM/ÅÅ.',
    card_expired: 'Kortet har gått ut. Kontrollera datumet eller använd ett annat kort.', enter_code: 'Ange säkerhetskoden: 3 eller 4 siffror.',
    confirm_title: 'Bekräfta att det är du', code_label: 'Kod som skickats till din telefon', confirm: 'Bekräfta',
    challenge_hint: 'Testmiljö: 1234 klarar kontrollen; alla andra koder underkänns.',
    pay_with: 'Betala med {method}', cancel_payment: 'Avbryt betalningen', bank_transfer: 'Banköverföring',
  },
  th: {
    pay_by_card: 'ชำระด้วยบัตร', card_number: 'หมายเลขบัตร', expiry: 'วันหมดอายุ (ดด/ปป)', security_code: 'รหัสความปลอดภัย',
    name_on_card: 'ชื่อบนบัตร', pay: 'ชำระเงิน', cancel: 'ยกเลิก',
    card_hint: 'แซนด์บ็อกซ์: ใช้ 4111 1111 1111 1111 กับวันหมดอายุในอนาคตและรหัสความปลอดภัยใดก็ได้',
    enter_card: 'กรอกหมายเลขบัตร: 12 ถึง 19 หลัก', enter_expiry: 'กรอกวันหมดอายุในรูปแบบ ดด/ปป',
    card_expired: 'บัตรนี้หมดอายุแล้ว ตรวจสอบวันหมดอายุหรือใช้บัตรอื่น', enter_code: 'กรอกรหัสความปลอดภัย: 3 หรือ 4 หลัก',
    confirm_title: 'ยืนยันว่าเป็นคุณ', code_label: 'รหัสที่ส่งไปยังโทรศัพท์ของคุณ', confirm: 'ยืนยัน',
    challenge_hint: 'แซนด์บ็อกซ์: 1234 ผ่านการยืนยัน รหัสอื่นจะไม่ผ่าน',
    pay_with: 'ชำระด้วย {method}', cancel_payment: 'ยกเลิกการชำระเงิน', bank_transfer: 'โอนเงินผ่านธนาคาร',
  },
  tr: {
    pay_by_card: 'Kartla öde', card_number: 'Kart numarası', expiry: 'Son kullanma tarihi (AA/YY)', security_code: 'Güvenlik kodu',
    name_on_card: 'Kart üzerindeki ad', pay: 'Öde', cancel: 'İptal',
    card_hint: 'Test ortamı: 4111 1111 1111 1111 numarasını ileri bir son kullanma tarihi ve herhangi bir güvenlik koduyla kullanın.',
    enter_card: 'Kart numarasını girin: 12 ile 19 hane.', enter_expiry: 'Son kullanma tarihini AA/YY olarak girin.',
    card_expired: 'Bu kartın süresi dolmuş. Tarihi kontrol edin veya başka bir kart kullanın.', enter_code: 'Güvenlik kodunu girin: 3 veya 4 hane.',
    confirm_title: 'Siz olduğunuzu onaylayın', code_label: 'Telefonunuza gönderilen kod', confirm: 'Onayla',
    challenge_hint: 'Test ortamı: 1234 doğrulamayı geçer; diğer tüm kodlar geçemez.',
    pay_with: '{method} ile öde', cancel_payment: 'Ödemeyi iptal et', bank_transfer: 'Banka havalesi',
  },
  uk: {
    pay_by_card: 'Оплата карткою', card_number: 'Номер картки', expiry: 'Термін дії (ММ/РР)', security_code: 'Код безпеки',
    name_on_card: 'Ім’я на картці', pay: 'Оплатити', cancel: 'Скасувати',
    card_hint: 'Тестове середовище: використовуйте 4111 1111 1111 1111 з будь-яким майбутнім терміном дії та будь-яким кодом.',
    enter_card: 'Введіть номер картки: від 12 до 19 цифр.', enter_expiry: 'Введіть термін дії у форматі ММ/РР.',
    card_expired: 'Термін дії картки минув. Перевірте дату або скористайтеся іншою карткою.', enter_code: 'Введіть код безпеки: 3 або 4 цифри.',
    confirm_title: 'Підтвердьте, що це ви', code_label: 'Код, надісланий на ваш телефон', confirm: 'Підтвердити',
    challenge_hint: 'Тестове середовище: код 1234 проходить перевірку, будь-який інший — ні.',
    pay_with: 'Оплатити через {method}', cancel_payment: 'Скасувати платіж', bank_transfer: 'Банківський переказ',
  },
  vi: {
    pay_by_card: 'Thanh toán bằng thẻ', card_number: 'Số thẻ', expiry: 'Ngày hết hạn (MM/YY)', security_code: 'Mã bảo mật',
    name_on_card: 'Tên trên thẻ', pay: 'Thanh toán', cancel: 'Hủy',
    card_hint: 'Sandbox: dùng 4111 1111 1111 1111 với ngày hết hạn bất kỳ trong tương lai và mã bảo mật bất kỳ.',
    enter_card: 'Nhập số thẻ: 12 đến 19 chữ số.', enter_expiry: 'Nhập ngày hết hạn theo dạng MM/YY.',
    card_expired: 'Thẻ này đã hết hạn. Hãy kiểm tra ngày hết hạn hoặc dùng thẻ khác.', enter_code: 'Nhập mã bảo mật: 3 hoặc 4 chữ số.',
    confirm_title: 'Xác nhận đó là bạn', code_label: 'Mã đã gửi đến điện thoại của bạn', confirm: 'Xác nhận',
    challenge_hint: 'Sandbox: 1234 vượt qua xác thực; mọi mã khác đều thất bại.',
    pay_with: 'Thanh toán bằng {method}', cancel_payment: 'Hủy thanh toán', bank_transfer: 'Chuyển khoản ngân hàng',
  },
  'zh-CN': {
    pay_by_card: '银行卡支付', card_number: '卡号', expiry: '有效期 (MM/YY)', security_code: '安全码',
    name_on_card: '持卡人姓名', pay: '支付', cancel: '取消',
    card_hint: '沙箱：使用 4111 1111 1111 1111，有效期为任一未来日期，安全码任意。',
    enter_card: '请输入卡号：12 至 19 位数字。', enter_expiry: '请按 MM/YY 格式输入有效期。',
    card_expired: '此卡已过期。请检查有效期，或使用其他卡。', enter_code: '请输入安全码：3 或 4 位数字。',
    confirm_title: '确认是您本人', code_label: '发送到您手机的验证码', confirm: '确认',
    challenge_hint: '沙箱：1234 可通过验证；其他任何验证码都会失败。',
    pay_with: '使用 {method} 支付', cancel_payment: '取消支付', bank_transfer: '银行转账',
  },
}; // prettier-ignore
