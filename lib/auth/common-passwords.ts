/**
 * The most common passwords and password stems, lower-case: the top of the public leaked-password
 * rankings (SecLists, NordPass, NCSC "100k most common"), the French ones, and words of our
 * markets. A password is refused when it is one of these, or one of these with digits or
 * symbols around it (lib/auth/password-strength.ts). Not zxcvbn: see docs/decisions/identity-and-sign-in.md.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
123456 123456789 12345678 12345 1234567 1234567890 1234 123123 111111 000000 654321 123321 666666 121212
112233 7777777 987654321 123qwe 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx qazwsx qwerty qwerty123
qwertyuiop qwertz azerty azertyuiop asdfgh asdfghjkl zxcvbn zxcvbnm qweasd qweasdzxc 1qazxsw2 password
password1 passw0rd p@ssw0rd p@ssword pass motdepasse mot2passe secret letmein welcome welcome1 admin
administrator root login master default changeme guest user test testing abc123 abcdef abcd1234 iloveyou
iloveu jetaime loveyou lovely love trustno1 whatever freedom hello hello123 monkey dragon shadow sunshine
princess princesse football baseball soccer superman batman spiderman starwars pokemon naruto michael
jennifer jordan jordan23 hunter hunter2 ashley charlie daniel thomas nicolas camille julien antoine
alexandre maxime marie sophie mohamed mohammed ahmed fatou aminata moussa ibrahim mamadou abdoulaye
ousmane cheikh awa khadija aissatou mariama seydou bakary boubacar amadou issa omar ali kone traore diallo
ndiaye diop fall sow ba sy cisse toure coulibaly kouassi yao konan nguessan kouame eto essomba mbappe
senegal dakar thies touba abidjan yamoussoukro bouake cameroun cameroon yaounde douala bamako mali
ouagadougou burkina niamey niger lome togo cotonou benin conakry guinee kinshasa congo brazzaville
libreville gabon afrique africa orange wave mtn moov free airtel wizall paydunya money mobilemoney
bonjour salut coucou soleil chouchou doudou loulou chocolat nounours bisous amour monamour
marseille paris lyon toulouse france allez allezlom psg liverpool arsenal chelsea barcelona realmadrid
manchester juventus milan bayern messi ronaldo zidane neymar lakers yankees cowboys
computer internet google facebook instagram whatsapp youtube microsoft apple samsung iphone android
windows linux ubuntu oracle mysql postgres database server payment payments paiement business company
entreprise boutique shop store market commerce merchant marchand finance banque bank money cash argent
dollar euro franc cfa xof xaf fcfa million riche
summer winter autumn spring monday friday sunday january december noel christmas
killer ninja matrix hacker access secure security private token api key
flower garden tigger ginger pepper cookie cheese butter banana orange apple mango coffee
angel angels blessed god jesus allah bismillah inshallah alhamdulillah amen church family
mother father mama papa maman baby babygirl babyboy sweet honey darling
qwerty1 qwerty12 aaaaaa azerty123 azertyui azertyuiop123 1234qwer 1234abcd a1b2c3 a1b2c3d4 q1w2e3r4
zaq1xsw2 !qaz2wsx qwe123 asd123 zxc123 abc12345 pass1234 password12 password123 password1234 motdepasse1
motdepasse123 bonjour123 soleil123 azerty1234 qwertyqwerty 11111111 00000000 12341234 12121212 123456a
a123456 123456789a abcdefgh abcdefghij 0123456789 9876543210 1111111111 0000000000 5555555555
`
    .split(/\s+/)
    .filter(Boolean),
);
