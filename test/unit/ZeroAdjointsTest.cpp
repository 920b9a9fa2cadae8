//===- ZeroAdjointsTest.cpp - additions into adjoints known zero ----------===//
#include "Emit/ZeroAdjoints.h"
#include "TestAST.h"

using namespace ddx;
using namespace ddx::test;

namespace {

/// A function with two local doubles, a and b, whose adjoints _d_a and _d_b
/// the sweeps below write; k is an int, whose adjoint is never followed.
class ZeroAdjointsTest : public ::testing::Test {
protected:
  ZeroAdjointsTest()
      : L(R"(
          double f(double x) {
            double a = x, b = x;
            int k = 1;
            return a * b * k;
          })",
          "f") {}

  Lines rewritten(Lines Body) {
    assignIntoZeroAdjoints(Body, *L.IR);
    return Body;
  }

  LoweredFunction L;
};

TEST_F(ZeroAdjointsTest, FirstAdditionAfterZeroingAssigns) {
  EXPECT_EQ(rewritten({"_d_a += _t1;", "_d_a += _t2;", "double _t3 = _d_a;",
                       "_d_a = 0;", "_d_a += -_t4;"}),
            Lines({"_d_a = _t1;", "_d_a += _t2;", "double _t3 = _d_a;",
                   "_d_a = 0;", "_d_a = -_t4;"}));
}

TEST_F(ZeroAdjointsTest, LoopThatZeroesBeforeItEndsAssigns) {
  Lines Body = {
      "while (i < n) {", "  _d_a += _t1;",   "  {", "    double _t2 = _d_a;",
      "    _d_a = 0;",   "    _d_b += _t2;", "  }", "}"};
  Lines Expected = Body;
  Expected[1] = "  _d_a = _t1;";
  // (_d_b is zero on entry only: the loop adds up into it.)
  EXPECT_EQ(rewritten(Body), Expected);
}

TEST_F(ZeroAdjointsTest, BranchJoinsBothArms) {
  EXPECT_EQ(rewritten({"if (c) {", "_d_a += _t1;", "} else {", "_d_b += _t2;",
                       "}", "_d_a += _t3;", "_d_b += _t4;"}),
            Lines({"if (c) {", "_d_a = _t1;", "} else {", "_d_b = _t2;", "}",
                   "_d_a += _t3;", "_d_b += _t4;"}));
  // Both arms zero it again: still zero after.
  EXPECT_EQ(
      rewritten({"_d_a += _t1;", "if (c) {", "_d_a = 0;", "} else if (d) {",
                 "_d_a = 0;", "} else {", "_d_a = 0;", "}", "_d_a += _t3;"}),
      Lines({"_d_a = _t1;", "if (c) {", "_d_a = 0;", "} else if (d) {",
             "_d_a = 0;", "} else {", "_d_a = 0;", "}", "_d_a = _t3;"}));
  // An else-if chain without an else may run no arm.
  EXPECT_EQ(rewritten({"_d_a += _t1;", "if (c) {", "_d_a = 0;",
                       "} else if (d) {", "_d_a = 0;", "}", "_d_a += _t3;"})
                .back(),
            "_d_a += _t3;");
}

TEST_F(ZeroAdjointsTest, AdjointReachedOtherThanByNameIsLeftAlone) {
  // A call may add to it through a reference; a pointer or a reference to
  // it, or a lambda's body, may change it where its name does not show.
  for (const char *Escape :
       {"_d_g_reverse(x, _d_a);", "double *_d_p = &_d_a;",
        "double &_d_r = _d_a;", "auto pb = [&](double t) { _d_a += t; };",
        "_d_a *= 2;", "_d_a++;", "_t9 = _d_a = 0;",
        "std::reference_wrapper<double> w = _d_a;", "while (_d_a > 0) {}"}) {
    Lines Body = {"_d_a = 0;", Escape, "_d_a += _t1;"};
    EXPECT_EQ(rewritten(Body), Body) << Escape;
  }
  Lines Lambda = {"auto pb = [&](double t) {",
                  "_d_a += t;",
                  "};",
                  "_d_a = 0;",
                  "pb(1.0);",
                  "_d_a += _t1;"};
  EXPECT_EQ(rewritten(Lambda), Lambda);
}

TEST_F(ZeroAdjointsTest, ElseIfConditionsAndDigitSeparatorsAreRead) {
  // An else-if chain may run no arm; its condition may name the adjoint.
  Lines Chain = {"_d_a += _t1;", "if (c) {", "_d_a = 0;",   "} else if(d) {",
                 "_d_a = 0;",    "}",        "_d_a += _t3;"};
  EXPECT_EQ(rewritten(Chain).back(), "_d_a += _t3;");
  Lines Named = {"_d_a = 0;", "if (c) {", "} else if (_d_a > 0) {", "}",
                 "_d_a += _t1;"};
  EXPECT_EQ(rewritten(Named), Named);
  // (A digit separator is no quote: the braces after it still count.)
  EXPECT_EQ(rewritten({"if (x < 1'000.0) {", "_d_a += _t1;", "}"})[1],
            "_d_a = _t1;");
}

TEST_F(ZeroAdjointsTest, JumpsOrUnknownBracesLeaveTheBodyAlone) {
  for (Lines Body :
       {Lines{"while (c) {", "if (d) {", "break;", "}", "_d_a = 0;", "}",
              "_d_a += _t1;"},
        Lines{"} {", "_d_a += _t1;"}, Lines{"{ } } {", "_d_a += _t1;", "}"}}) {
    EXPECT_EQ(rewritten(Body), Body);
  }
}

TEST_F(ZeroAdjointsTest, OnlyLocalFloatingAdjointsAreFollowed) {
  // (_d_x is a parameter's: the caller's memory, not zero on entry; _d_k
  // is an integer's.)
  Lines Body = {"_d_x += _t1;", "_d_k += _t2;"};
  EXPECT_EQ(rewritten(Body), Body);
}

} // namespace
