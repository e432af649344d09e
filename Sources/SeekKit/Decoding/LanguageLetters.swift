/// What text in a language looks like, as far as telling encodings apart needs:
/// the letters beyond ASCII each alphabet uses, and the commonest CJK characters.
enum LanguageLetters {
    /// One language's letters beyond ASCII, lower case (with combining marks), and the
    /// commonest of them: a decoding whose letters all belong to one alphabet, mostly to
    /// its common letters, is plausible.
    struct Alphabet {
        var letters: Set<UInt32>
        var common: Set<UInt32>

        /// An alphabet whose letters are all common: the accented letters of a Latin alphabet.
        init(_ letters: String) {
            self.letters = Set(letters.unicodeScalars.map(\.value))
            common = self.letters
        }

        init(_ letters: String, common: String) {
            self.letters = Set(letters.unicodeScalars.map(\.value))
            self.common = Set(common.unicodeScalars.map(\.value))
        }
    }

    static let alphabets: [Alphabet] = [
        Alphabet("àâæçéèêëîïôœùûüÿ"),                  // French
        Alphabet("áéíñóúü"),                           // Spanish
        Alphabet("áâãàçéêíóôõú"),                      // Portuguese
        Alphabet("àèéìíîòóùú"),                        // Italian
        Alphabet("äöüß"),                              // German
        Alphabet("áéëïóöüè"),                          // Dutch
        Alphabet("åäöé"),                              // Swedish, Finnish
        Alphabet("æøåé"),                              // Danish, Norwegian
        Alphabet("áðéíóúýþæö"),                        // Icelandic
        Alphabet("àçèéíïòóúü"),                        // Catalan
        Alphabet("ąćęłńóśźż"),                         // Polish
        Alphabet("áčďéěíňóřšťúůýž"),                   // Czech
        Alphabet("áäčďéíĺľňóôŕšťúýž"),                 // Slovak
        Alphabet("áéíóöőúüű"),                         // Hungarian
        Alphabet("ăâîșțşţ"),                           // Romanian
        Alphabet("čćđšž"),                             // Croatian, Serbian, Bosnian, Slovene
        Alphabet("çğıöşüâîûi"),                        // Turkish (İ lowers to i)
        Alphabet("ąčęėįšųūž"),                         // Lithuanian
        Alphabet("āčēģīķļņšūž"),                       // Latvian
        Alphabet("äõöüšž"),                            // Estonian
        Alphabet("ëç"),                                // Albanian
        Alphabet("àáâãèéêìíòóôõùúýăđĩũơư\u{300}\u{301}\u{303}\u{309}\u{323}"), // Vietnamese
        Alphabet("абвгдеёжзийклмнопрстуфхцчшщъыьэюя", common: "оеаинтсрвлкм"), // Russian
        Alphabet("абвгґдеєжзиіїйклмнопрстуфхцчшщьюя", common: "оанивтерсклі"), // Ukrainian
        Alphabet("абвгдеёжзійклмнопрстуўфхцчшыьэюя", common: "аоінесртлвкы"),  // Belarusian
        Alphabet("абвгдежзийклмнопрстуфхцчшщъьюя", common: "оаеинтрсвлкд"),    // Bulgarian
        Alphabet("абвгдђежзијклљмнњопрстћуфхцчџш", common: "аиоенртјсукв"),    // Serbian
        Alphabet("абвгдѓежзѕијклљмнњопрстќуфхцчџш", common: "аиоенртјсукв"),   // Macedonian
        Alphabet("αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰ", common: "αοειτνσρηπκμυλςάέίό"), // Greek
        Alphabet("אבגדהוזחטיךכלםמןנסעףפץצקרשתװױײ" + scalars(0x5B0...0x5C2), common: "יוהלאמרתבשנקע"), // Hebrew
        Alphabet("ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىيـپچژکگیٹڈڑںھہے" + scalars(0x64B...0x652),
                 common: "اليمونهربتعفكد"),  // Arabic, Persian, Urdu
        Alphabet(scalars(0xE01...0xE4E), common: "านรอกเงมยล\u{E48}\u{E49}วท\u{E35}\u{E31}ไตสะดขแปบค"), // Thai
    ]

    /// Every accented Latin letter of the alphabets above: one outside the best alphabet
    /// but inside this set is less suspect than an odd letter.
    static let latinLetters: Set<UInt32> = alphabets.prefix(22).reduce(into: []) { $0.formUnion($1.letters) }

    /// The commonest Chinese characters, simplified and traditional, and the commonest
    /// kanji: a right decoding of CJK text is full of them, a wrong one hits them by chance.
    static let frequentHan: Set<UInt32> = Set((
        "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运"
        + "這們個來說為時會對過後麼發還與經頭實現兩長樣從動點話將開問機給種聲幾業間電門東當裡見學國覺讓認沒聽嗎吧呢啊妳您謝請謝哦嗯吗谢别別錢钱車愛殺杀媽妈爸哥姐們嗎幹"
        + "私気思言見行物何事時今僕君彼達様訳気持方入出"
    ).unicodeScalars.map(\.value))

    /// The commonest Hangul syllables.
    static let frequentHangul: Set<UInt32> = Set(
        "이다는에가하고을지의서요나한어로게도아기시사리자니내해대수인무그만있없우면것거보들라주안세제네까습말일정전잘야래데죠마오저너알왜좋겠했음된상생계장중부소분여를은와과걸뭐난날우린께요"
            .unicodeScalars.map(\.value))

    private static func scalars(_ range: ClosedRange<UInt32>) -> String {
        String(String.UnicodeScalarView(range.compactMap(Unicode.Scalar.init)))
    }
}
