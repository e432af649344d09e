/// Small transcripts the CLI tests write into temporary directories.
enum Fixtures {
    static let srt = """
    1
    00:00:01,000 --> 00:00:03,000
    Good evening. The budget is ready.

    2
    00:00:03,500 --> 00:00:06,000
    Noise levels fell
    after the budget vote.

    3
    00:00:06,500 --> 00:00:09,000
    Nothing here.

    4
    00:00:09,500 --> 00:00:12,000
    Nothing here either.

    5
    00:01:00,000 --> 00:01:05,000
    Le café 😀 budget, BUDGET

    """

    static let vtt = """
    WEBVTT

    intro
    00:00:01.000 --> 00:00:02.000
    <v Ana>The budget is ready.

    00:00:02.000 --> 00:00:04.000
    <v Ben>What budget?

    00:00:04.000 --> 00:00:06.000
    <v Ana>This budget.

    """

    static let chinese = """
    1
    00:00:01,000 --> 00:00:02,000
    你好，你的家乡在哪里？

    2
    00:00:02,500 --> 00:00:04,000
    我的家乡在北方。

    """
}
